/// The offscreens of a plan as a tree, built once and checked: where each one's commands begin and
/// end, which surface it is drawn inside, and which commands read its pixels. Both backends, the
/// memory account and `lamina plan` take the offscreen graph from here.
///
/// A plan that breaks the nesting rules (an `endOffscreen` without its `beginOffscreen`, an offscreen
/// begun twice, read while still open or never drawn, an unknown offscreen or image) is refused with
/// the same `RenderError` of kind `.internal` on every backend: a malformed plan is a bug in its maker.
public struct SurfaceTree: Sendable, Hashable {
    /// One offscreen of the plan.
    public struct Surface: Sendable, Hashable {
        /// The offscreen it is drawn inside; nil when drawn on the canvas.
        public var parent: OffscreenID?
        /// Indices of its `beginOffscreen` and `endOffscreen` commands.
        public var begin: Int
        public var end: Int
        /// Indices of the commands that read its pixels, in order: composites, masked draws, blurred shadows.
        public var readers: [Int] = []

        public init(parent: OffscreenID?, begin: Int, end: Int, readers: [Int] = []) {
            self.parent = parent; self.begin = begin; self.end = end; self.readers = readers
        }

        /// The last command that reads it; nil when nothing does.
        public var lastRead: Int? { readers.last }
    }

    /// By `OffscreenID`.
    public var surfaces: [Surface]
    /// For each `beginOffscreen` index, the index of its `endOffscreen`.
    public var endOfBegin: [Int: Int]

    /// The tree of a plan without offscreens.
    public static let empty = SurfaceTree(surfaces: [], endOfBegin: [:])

    private init(surfaces: [Surface], endOfBegin: [Int: Int]) {
        self.surfaces = surfaces; self.endOfBegin = endOfBegin
    }

    /// The tree of offscreens found while the commands were made (each closed, its readers after its end), by
    /// the maker that made them (`RestrictedPlanWriter`).
    init(made surfaces: [Surface]) {
        var ends: [Int: Int] = [:]
        for s in surfaces { ends[s.begin] = s.end }
        self.init(surfaces: surfaces, endOfBegin: ends)
    }

    /// Builds and checks the tree of `plan`.
    public init(_ plan: RenderPlan) throws {
        var begun = [Surface?](repeating: nil, count: plan.offscreens.count)
        var open: [(id: OffscreenID, begin: Int)] = []
        var ends: [Int: Int] = [:]
        var readers = [[Int]](repeating: [], count: plan.offscreens.count)
        func read(_ id: OffscreenID, at index: Int) throws {
            guard begun.indices.contains(id) else { throw SurfaceTree.invalid("command \(index) reads unknown offscreen \(id)") }
            guard let s = begun[id], s.end >= 0 else {
                throw SurfaceTree.invalid("command \(index) reads offscreen \(id) before its endOffscreen")
            }
            readers[id].append(index)
        }
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen(let id):
                guard begun.indices.contains(id) else {
                    throw SurfaceTree.invalid("command \(index) begins offscreen \(id); the plan has \(plan.offscreens.count)")
                }
                guard plan.offscreens[id].width >= 0, plan.offscreens[id].height >= 0 else {
                    throw SurfaceTree.invalid("offscreen \(id) has a negative size")
                }
                guard begun[id] == nil else { throw SurfaceTree.invalid("command \(index) begins offscreen \(id) a second time") }
                begun[id] = Surface(parent: open.last?.id, begin: index, end: -1)
                open.append((id, index))
            case .endOffscreen:
                guard let top = open.popLast() else { throw SurfaceTree.invalid("command \(index) ends an offscreen that was not begun") }
                begun[top.id]?.end = index
                ends[top.begin] = index
            case .image(let draw):
                if case .image(let i, _) = draw.source, !plan.images.indices.contains(i) {
                    throw SurfaceTree.invalid("command \(index) draws image \(i); the plan has \(plan.images.count)")
                }
            default: break
            }
            try command.forEachOffscreenRead { try read($0, at: index) }
        }
        if let top = open.last { throw SurfaceTree.invalid("the plan ends inside offscreen \(top.id)") }
        surfaces = try begun.enumerated().map { id, surface in
            guard var s = surface else { throw SurfaceTree.invalid("offscreen \(id) is never drawn") }
            s.readers = readers[id]
            return s
        }
        endOfBegin = ends
    }

    /// The index of the `endOffscreen` that closes the `beginOffscreen` at `index`.
    public func end(ofBeginAt index: Int) throws -> Int {
        guard let end = endOfBegin[index] else { throw SurfaceTree.invalid("command \(index) is not a beginOffscreen") }
        return end
    }

    /// For each command index, the offscreens whose pixels no later command reads: read for the last time
    /// there, or closed there when nothing reads them.
    public func releasePoints() -> [Int: [OffscreenID]] {
        var points: [Int: [OffscreenID]] = [:]
        for (id, surface) in surfaces.enumerated() {
            points[surface.lastRead ?? surface.end, default: []].append(id)
        }
        return points
    }

    /// The indices of a plan's commands (`commandCount` of them) that draw on the canvas itself, outside every
    /// offscreen, in plan order: what damage rects, occlusion culling and canvas batches walk.
    public func canvasLevelIndices(commandCount: Int) -> [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(commandCount)
        var i = 0
        for id in children(of: nil) {
            indices.append(contentsOf: i..<surfaces[id].begin)
            i = surfaces[id].end + 1
        }
        indices.append(contentsOf: i..<max(i, commandCount))
        return indices
    }

    /// The offscreens drawn directly inside `parent` (nil: the canvas), in drawing order.
    public func children(of parent: OffscreenID?) -> [OffscreenID] {
        surfaces.indices.filter { surfaces[$0].parent == parent }.sorted { surfaces[$0].begin < surfaces[$1].begin }
    }

    static func invalid(_ message: String) -> RenderError {
        RenderError(.internal, "invalid render plan: \(message)")
    }
}
