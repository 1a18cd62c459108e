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
/// that is full starts the next batch, and batches take turns on at most two pages.
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
    init(plan: RenderPlan, skipped: Set<OffscreenID>, pageWidth: Int, pageHeightLimit: Int) {
        self.pageWidth = pageWidth
        self.pageHeightLimit = pageHeightLimit
        var x = 0, y = 0, shelf = 0
        for member in OffscreenAtlas.candidates(in: plan) where !skipped.contains(member.id) {
            let o = plan.offscreens[member.id]
            let w = OffscreenAtlas.aligned(o.width), h = OffscreenAtlas.aligned(o.height)
            guard o.width > 0, o.height > 0, w <= pageWidth, h <= pageHeightLimit else { continue }
            if x + w > pageWidth { x = 0; y += shelf; shelf = 0 }
            if y + h > pageHeightLimit || batches.isEmpty {
                batches.append([])
                x = 0; y = 0; shelf = 0
            }
            let batch = batches.count - 1
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
    static func candidates(in plan: RenderPlan) -> [Member] {
        var members: [Member] = []
        var disqualified = Set<OffscreenID>()
        var depth = 0
        var open: (id: OffscreenID, begin: Int, simple: Bool)?
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen(let id):
                if depth == 0 {
                    open = (id, index, plan.offscreens.indices.contains(id) && plan.offscreens[id].cacheKey == nil)
                } else {
                    open?.simple = false
                }
                depth += 1
            case .endOffscreen:
                depth -= 1
                if depth == 0, let o = open {
                    if o.simple { members.append(Member(id: o.id, begin: o.begin, end: index)) }
                    open = nil
                }
            case .image(let image):
                if let mask = image.mask { disqualified.insert(mask) }
                if case .offscreen(let id) = image.source {
                    if depth > 0 { open?.simple = false }
                    if image.mask != nil || !(image.sampling == .nearest || image.sampling == .linear) {
                        disqualified.insert(id)
                    }
                } else if image.mask != nil, depth > 0 {
                    open?.simple = false
                }
            case .blurredShadow(let shadow):
                if case .offscreen(let id) = shadow.source {
                    disqualified.insert(id)
                    if depth > 0 { open?.simple = false }
                }
            default: break
            }
        }
        return members.filter { !disqualified.contains($0.id) }
    }
}
