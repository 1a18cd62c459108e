import Lamina

/// Where a plan's simple offscreens go in shared atlas pages instead of one render target each.
///
/// llvmpipe rasterizes a framebuffer's draws when the framebuffer changes, and a draw that samples a
/// texture with draws still pending waits for them. A group offscreen drawn between canvas draws and
/// composited right after it therefore costs two flushes and a wait in which the rasterizer threads and
/// the main thread take turns. Offscreens packed into one page are drawn together, the first time the
/// plan reaches one of them, so a page costs one flush and one wait however many offscreens it holds.
///
/// An offscreen qualifies when it is begun on the canvas, holds no offscreen of its own and reads none,
/// is not kept by the raster cache, fits a page, and every command that reads it is an image draw of it
/// without a mask, sampled nearest or linear (the image shader clamps to the region's edge texels, as
/// clamp-to-edge does for a texture of its own). Regions are packed in plan order on shelves; a page
/// that is full starts the next batch, and batches take turns on at most two pages. A batch starts on a
/// page only after the last reader of the batch drawn there before it; an offscreen that would start one
/// earlier keeps a target of its own.
struct OffscreenAtlas {
    /// An offscreen's place: its batch and its corner in the batch's page.
    struct Placement: Equatable {
        var batch: Int, x: Int, y: Int
    }

    /// One qualifying offscreen: its id and the indices of its begin and end commands.
    struct Member: Equatable {
        var id: OffscreenID, begin: Int, end: Int
    }

    /// Width of a page, and the most height one may have.
    let pageWidth: Int, pageHeightLimit: Int
    /// Region corners and sizes are multiples of this (llvmpipe shades 4 × 4 blocks; 16 keeps the
    /// offscreen's own block grid on the page's).
    static let alignment = 16
    /// Pages the batches take turns on.
    static let maximumPages = 2

    private(set) var placements: [OffscreenID: Placement] = [:]
    /// The members of each batch, in plan order.
    private(set) var batches: [[Member]] = []
    /// The height each page needs (the tallest of its batches).
    private(set) var pageHeights: [Int] = []

    var isEmpty: Bool { placements.isEmpty }

    /// The page a batch draws into.
    static func page(ofBatch batch: Int) -> Int { batch % maximumPages }

    /// Packs the qualifying offscreens of `plan`; those in `skipped` (not drawn at all) are left out.
    init(plan: RenderPlan, surfaces: SurfaceTree, skipped: Set<OffscreenID>, pageWidth: Int, pageHeightLimit: Int) {
        self.pageWidth = pageWidth
        self.pageHeightLimit = pageHeightLimit
        var x = 0, y = 0, shelf = 0
        var lastRead: [Int] = []
        for member in OffscreenAtlas.candidates(in: plan, surfaces: surfaces) where !skipped.contains(member.id) {
            let o = plan.offscreens[member.id]
            let w = OffscreenAtlas.aligned(o.width), h = OffscreenAtlas.aligned(o.height)
            guard o.width > 0, o.height > 0, w <= pageWidth, h <= pageHeightLimit else { continue }
            var (nx, ny, nshelf) = (x, y, shelf)
            if nx + w > pageWidth { nx = 0; ny += nshelf; nshelf = 0 }
            if ny + h > pageHeightLimit || batches.isEmpty {
                let batch = batches.count
                if batch >= OffscreenAtlas.maximumPages, lastRead[batch - OffscreenAtlas.maximumPages] >= member.begin { continue }
                batches.append([])
                lastRead.append(-1)
                nx = 0; ny = 0; nshelf = 0
            }
            (x, y, shelf) = (nx, ny, nshelf)
            let batch = batches.count - 1
            lastRead[batch] = max(lastRead[batch], surfaces.surfaces[member.id].readers.max() ?? member.end)
            placements[member.id] = Placement(batch: batch, x: x, y: y)
            batches[batch].append(member)
            let page = OffscreenAtlas.page(ofBatch: batch)
            if pageHeights.count <= page { pageHeights.append(0) }
            pageHeights[page] = max(pageHeights[page], y + h)
            x += w
            shelf = max(shelf, h)
        }
    }

    static func aligned(_ v: Int) -> Int { (v + alignment - 1) / alignment * alignment }

    /// The offscreens of `plan` that may live in an atlas page, in plan order.
    static func candidates(in plan: RenderPlan, surfaces: SurfaceTree) -> [Member] {
        surfaces.children(of: nil).compactMap { id in
            let surface = surfaces.surfaces[id]
            guard plan.offscreens[id].cacheKey == nil,
                  surface.readers.allSatisfy({ composites(plan.commands[$0], id) }),
                  !plan.commands[(surface.begin + 1)..<surface.end].contains(where: readsAnotherTarget) else { return nil }
            return Member(id: id, begin: surface.begin, end: surface.end)
        }
    }

    /// Whether a command is an unmasked image draw of offscreen `id`, sampled nearest or linear.
    private static func composites(_ command: DrawCommand, _ id: OffscreenID) -> Bool {
        guard case .image(let image) = command, image.source == .offscreen(id), image.mask == nil else { return false }
        return image.sampling == .nearest || image.sampling == .linear
    }

    /// Whether a command inside a candidate begins an offscreen, reads one or reads a mask offscreen.
    private static func readsAnotherTarget(_ command: DrawCommand) -> Bool {
        switch command {
        case .beginOffscreen: return true
        case .image(let image):
            if case .offscreen = image.source { return true }
            return image.mask != nil
        case .blurredShadow(let shadow):
            if case .offscreen = shadow.source { return true }
            return false
        default: return false
        }
    }
}
