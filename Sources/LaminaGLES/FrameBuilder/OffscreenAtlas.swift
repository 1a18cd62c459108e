import Lamina

/// Where a plan's simple offscreens go in shared atlas pages instead of one render target each.
///
/// llvmpipe rasterizes a framebuffer's draws when the framebuffer changes, and a draw that samples a
/// texture with draws still pending waits for them. A group offscreen drawn between canvas draws and
/// composited right after it therefore costs two flushes and a wait in which the rasterizer threads and
/// the main thread take turns. Offscreens packed into one page are drawn together, the first time the
/// plan reaches one of them, so a page costs one flush and one wait however many offscreens it holds.
///
/// A unit is an offscreen begun on the canvas with the offscreens nested in it, at most
/// `maximumLevels` deep; it qualifies when none of them is kept by the raster cache or fits no page,
/// each is read only by unmasked image draws of it (sampled nearest or linear: the image shader clamps to
/// the region's edge texels, as clamp-to-edge does for a texture of its own) inside the offscreen it is
/// nested in (or on the canvas), and no command in them reads any other offscreen or a mask. A canvas
/// composite may read a mask offscreen of the same size begun on the canvas: the mask then joins the
/// unit and takes the same corner in a mask page of the same size, so one window serves both. Each
/// nesting level has its own page, so an offscreen's draws never sample the page they draw into: a
/// batch draws its deepest level first, then each level above it, which composites the one below.
/// Regions are packed in plan order on shelves, level by level; a unit that does not fit starts the
/// next batch, and batches take turns on at most two pages per level. A batch starts on a page only
/// after the last reader of the batch drawn there before it; a unit that would start one earlier keeps
/// targets of its own.
struct OffscreenAtlas {
    /// An offscreen's place: its batch, its nesting level and its corner in that level's page.
    struct Placement: Equatable {
        var batch: Int, x: Int, y: Int, level: Int = 0, mask = false
    }

    /// One qualifying offscreen: its id, the indices of its begin and end commands and its nesting level.
    struct Member: Equatable {
        var id: OffscreenID, begin: Int, end: Int, level: Int = 0, mask = false
    }

    /// Width of a page, and the most height one may have.
    let pageWidth: Int, pageHeightLimit: Int
    /// Region corners and sizes are multiples of this (llvmpipe shades 4 × 4 blocks; 16 keeps the
    /// offscreen's own block grid on the page's).
    static let alignment = 16
    /// Pages the batches of one level take turns on.
    static let maximumPages = 2
    /// Nesting levels a unit may have (each one a page of its own).
    static let maximumLevels = 4

    private(set) var placements: [OffscreenID: Placement] = [:]
    /// The members of each batch, in plan order.
    private(set) var batches: [[Member]] = []
    /// The height each page needs (the tallest of its batches), by `page(ofBatch:level:)`.
    private(set) var pageHeights: [Int] = []

    var isEmpty: Bool { placements.isEmpty }

    /// The page a batch draws a level into (masks: the mask page of level 0).
    static func page(ofBatch batch: Int, level: Int = 0, mask: Bool = false) -> Int {
        (mask ? maximumLevels : level) * maximumPages + batch % maximumPages
    }

    /// Shelves of one level's page in the batch being filled.
    private struct Shelves {
        var x = 0, y = 0, shelf = 0

        /// The corner of a `w` × `h` region placed after the others, or nil when the page is full.
        mutating func place(_ w: Int, _ h: Int, width: Int, heightLimit: Int) -> (x: Int, y: Int)? {
            var (nx, ny, nshelf) = (x, y, shelf)
            if nx + w > width { nx = 0; ny += nshelf; nshelf = 0 }
            guard nx + w <= width, ny + h <= heightLimit else { return nil }
            (x, y, shelf) = (nx + w, ny, max(nshelf, h))
            return (nx, ny)
        }
    }

    /// Packs the qualifying units of `plan`; those whose offscreen is in `skipped` (not drawn at all)
    /// are left out.
    init(plan: RenderPlan, surfaces: SurfaceTree, skipped: Set<OffscreenID>, pageWidth: Int, pageHeightLimit: Int) {
        self.pageWidth = pageWidth
        self.pageHeightLimit = pageHeightLimit
        var shelves: [Shelves] = []
        var lastRead: [Int] = []
        for unit in OffscreenAtlas.candidates(in: plan, surfaces: surfaces) {
            guard unit.allSatisfy({ !skipped.contains($0.id) }) else { continue }
            let sizes = unit.map { (w: OffscreenAtlas.aligned(plan.offscreens[$0.id].width), h: OffscreenAtlas.aligned(plan.offscreens[$0.id].height)) }
            guard zip(unit, sizes).allSatisfy({ plan.offscreens[$0.id].width > 0 && plan.offscreens[$0.id].height > 0
                && $1.w <= pageWidth && $1.h <= pageHeightLimit }) else { continue }
            var corners = batches.isEmpty ? nil : OffscreenAtlas.place(unit, sizes, in: &shelves, width: pageWidth,
                                                                      heightLimit: pageHeightLimit)
            if corners == nil {
                let batch = batches.count
                if batch >= OffscreenAtlas.maximumPages, lastRead[batch - OffscreenAtlas.maximumPages] >= unit[0].begin { continue }
                var fresh: [Shelves] = []
                guard let placed = OffscreenAtlas.place(unit, sizes, in: &fresh, width: pageWidth,
                                                        heightLimit: pageHeightLimit) else { continue }
                batches.append([])
                lastRead.append(-1)
                shelves = fresh
                corners = placed
            }
            let batch = batches.count - 1
            lastRead[batch] = max(lastRead[batch], surfaces.surfaces[unit[0].id].readers.max() ?? unit[0].end)
            for ((member, size), corner) in zip(zip(unit, sizes), corners!) {
                placements[member.id] = Placement(batch: batch, x: corner.x, y: corner.y, level: member.level, mask: member.mask)
                batches[batch].append(member)
                let page = OffscreenAtlas.page(ofBatch: batch, level: member.level, mask: member.mask)
                while pageHeights.count <= page { pageHeights.append(0) }
                pageHeights[page] = max(pageHeights[page], corner.y + size.h)
            }
        }
        for batch in 0..<min(batches.count, OffscreenAtlas.maximumPages) {
            let content = OffscreenAtlas.page(ofBatch: batch), mask = OffscreenAtlas.page(ofBatch: batch, mask: true)
            guard pageHeights.indices.contains(mask), pageHeights[mask] > 0 else { continue }
            pageHeights[mask] = max(pageHeights[mask], pageHeights[content])
            pageHeights[content] = pageHeights[mask]
        }
    }

    /// The page whose level-0 regions a mask page mirrors, or nil for a page that is not a mask page.
    static func contentPage(ofMaskPage page: Int) -> Int? {
        page >= maximumLevels * maximumPages ? page - maximumLevels * maximumPages : nil
    }

    /// Places every region of a unit on its level's shelves (a mask at the corner of the unit's level-0
    /// content); nil (and the shelves unchanged) when one does not fit.
    private static func place(_ unit: [Member], _ sizes: [(w: Int, h: Int)], in shelves: inout [Shelves], width: Int,
                              heightLimit: Int) -> [(x: Int, y: Int)]? {
        var trial = shelves
        while trial.count <= (unit.map(\.level).max() ?? 0) { trial.append(Shelves()) }
        var corners: [(x: Int, y: Int)] = []
        for (member, size) in zip(unit, sizes) where !member.mask {
            guard let corner = trial[member.level].place(size.w, size.h, width: width, heightLimit: heightLimit) else { return nil }
            corners.append(corner)
        }
        let content = zip(unit.filter { !$0.mask }, corners).first { $0.0.level == 0 }?.1 ?? (0, 0)
        shelves = trial
        var next = corners.makeIterator()
        return unit.map { $0.mask ? content : next.next()! }
    }

    static func aligned(_ v: Int) -> Int { (v + alignment - 1) / alignment * alignment }

    /// The units of `plan` that may live in atlas pages, in plan order: each a canvas-level offscreen
    /// and the offscreens nested in it, in plan order, with their levels.
    static func candidates(in plan: RenderPlan, surfaces: SurfaceTree) -> [[Member]] {
        let tree = Dictionary(grouping: surfaces.surfaces.indices, by: { surfaces.surfaces[$0].parent })
        func collect(_ id: OffscreenID, level: Int, into unit: inout [Member], readersChecked: Bool = false, mask: Bool = false) -> Bool {
            OffscreenAtlas.collect(id, level: level, into: &unit, plan: plan, surfaces: surfaces, children: tree,
                                   readersChecked: readersChecked, mask: mask)
        }
        return (tree[nil] ?? []).compactMap { id in
            var unit: [Member] = []
            if collect(id, level: 0, into: &unit) { return unit.sorted { $0.begin < $1.begin } }
            unit = []
            let reader = surfaces.surfaces[id].readers
            guard reader.count == 1, case .image(let image) = plan.commands[reader[0]], image.source == .offscreen(id),
                  image.sampling == .nearest || image.sampling == .linear, let mask = image.mask,
                  surfaces.surfaces[mask].parent == nil, surfaces.surfaces[mask].readers == reader,
                  plan.offscreens[mask].width == plan.offscreens[id].width, plan.offscreens[mask].height == plan.offscreens[id].height,
                  collect(id, level: 0, into: &unit, readersChecked: true),
                  collect(mask, level: 0, into: &unit, readersChecked: true, mask: true)
            else { return nil }
            return unit.sorted { $0.begin < $1.begin }
        }.sorted { $0[0].begin < $1[0].begin }
    }

    /// Adds offscreen `id` and those nested in it (`children`: the offscreens drawn directly in each) to
    /// `unit`; false when one of them does not qualify. `readersChecked`: its readers are already known to
    /// qualify (a masked composite).
    private static func collect(_ id: OffscreenID, level: Int, into unit: inout [Member], plan: RenderPlan, surfaces: SurfaceTree,
                                children: [OffscreenID?: [OffscreenID]], readersChecked: Bool, mask: Bool) -> Bool {
        let surface = surfaces.surfaces[id]
        let inside = surface.parent.map { surfaces.surfaces[$0] }
        guard level < maximumLevels, plan.offscreens[id].cacheKey == nil,
              readersChecked || surface.readers.allSatisfy({ reader in
                  composites(plan.commands[reader], id) && inside.map { ($0.begin..<$0.end).contains(reader) } ?? true
              })
        else { return false }
        var depth = 0
        for command in plan.commands[(surface.begin + 1)..<surface.end] {
            switch command {
            case .beginOffscreen: depth += 1
            case .endOffscreen: depth -= 1
            default:
                if depth == 0, readsAnotherTarget(command, in: id, surfaces: surfaces) { return false }
            }
        }
        unit.append(Member(id: id, begin: surface.begin, end: surface.end, level: level, mask: mask))
        return (children[id] ?? []).allSatisfy {
            collect($0, level: level + 1, into: &unit, plan: plan, surfaces: surfaces, children: children, readersChecked: false, mask: false)
        }
    }

    /// Whether a command is an unmasked image draw of offscreen `id`, sampled nearest or linear.
    private static func composites(_ command: DrawCommand, _ id: OffscreenID) -> Bool {
        guard case .image(let image) = command, image.source == .offscreen(id), image.mask == nil else { return false }
        return image.sampling == .nearest || image.sampling == .linear
    }

    /// Whether a command drawn directly in candidate `id` reads an offscreen other than one nested directly
    /// in it (whose composites are checked with it) or a mask.
    private static func readsAnotherTarget(_ command: DrawCommand, in id: OffscreenID, surfaces: SurfaceTree) -> Bool {
        switch command {
        case .image(let image):
            if case .offscreen(let source) = image.source { return surfaces.surfaces[source].parent != id || image.mask != nil }
            return image.mask != nil
        case .blurredShadow(let shadow):
            if case .offscreen = shadow.source { return true }
            return false
        default: return false
        }
    }
}
