/// The one walk both backends make through a plan's tree, in drawing order: each surface entered at its
/// `beginOffscreen` and closed at its `endOffscreen` (or skipped whole, or stood in for, on its node), each
/// layer item offered whole before its first command (`DrawnLayers`: the plan lists them in pre-order), every
/// other command drawn in order; draws that stand for several commands step over them (across layer items
/// too, as a glyph run batched with the next layer's), the plan's cancellation is checked at every command,
/// and each offscreen is let go after its last reader (`SurfaceTree.releasePoints()`). The backend says what
/// each step does (`PlanWalkVisitor`).
///
/// The walk reads the tree from the plan's own ranges (offscreen brackets, layer spans) rather than from
/// `PlanTree`'s objects, so that walking a plan costs no allocation per layer.
public struct PlanWalk {
    /// How a walk goes on at a surface or a layer item.
    public enum Entry: Equatable {
        /// Into it: a surface's commands draw into its offscreen, until its `endOffscreen`; a layer's parts
        /// are walked.
        case enter
        /// After its last command: a surface's pixels come from elsewhere (a cache, a batch drawn earlier)
        /// or nothing reads them; a layer draws nothing.
        case skip
        /// At this later command: a draw stood for the node's commands before it (and, past the node's end,
        /// for the commands after it).
        case resume(at: Int)
    }

    public let plan: RenderPlan
    public let surfaces: SurfaceTree
    public let releasePoints: [Int: [OffscreenID]]
    public let layers: DrawnLayers

    /// A walk through `plan`, whose offscreen tree is `surfaces` (and its release points and drawn layers,
    /// when already known).
    public init(_ plan: RenderPlan, surfaces: SurfaceTree, releasePoints: [Int: [OffscreenID]]? = nil, layers: DrawnLayers? = nil) {
        self.plan = plan
        self.surfaces = surfaces
        self.releasePoints = releasePoints ?? surfaces.releasePoints()
        self.layers = layers ?? DrawnLayers(plan.layers)
    }

    /// Walks the commands of `range` (the whole plan, or the inside of one offscreen), telling `visitor`
    /// what to do at each node and command.
    public func walk<Visitor: PlanWalkVisitor>(_ visitor: inout Visitor, range: Range<Int>? = nil) throws {
        let range = range ?? 0..<plan.commands.count
        let entries = layers.entries
        var open: [OffscreenID] = []
        var layer = Self.first(of: entries, from: range.lowerBound)
        var i = range.lowerBound
        while i < range.upperBound {
            try plan.cancellation?.check()
            while layer < entries.count, entries[layer].span.lowerBound < i { layer += 1 }
            var next = i + 1
            var offered = false
            while layer < entries.count, entries[layer].span.lowerBound == i, !offered {
                let entry = entries[layer]
                layer += 1
                switch try visitor.begin(plan.layers[entry.layer], spanning: entry.span) {
                case .enter: continue
                case .skip: next = entry.span.upperBound
                case .resume(let index):
                    guard index > i else { throw Self.invalid("layer \(plan.layers[entry.layer].path): a walk cannot resume at \(index)") }
                    next = index
                }
                offered = true
            }
            if !offered {
                switch plan.commands[i] {
                case .beginOffscreen(let id):
                    switch try visitor.begin(id, at: i) {
                    case .enter: open.append(id)
                    case .skip: next = try surfaces.end(ofBeginAt: i) + 1
                    case .resume(let index):
                        guard index > i else { throw Self.invalid("command \(i): a walk cannot resume at \(index)") }
                        next = index
                    }
                case .endOffscreen:
                    guard let id = open.popLast() else { throw Self.invalid("command \(i): endOffscreen without beginOffscreen") }
                    try visitor.end(id, at: i)
                case let command:
                    next = i + max(1, try visitor.draw(command, at: i))
                }
            }
            if next == i + 1, let ids = releasePoints[i] { try visitor.release(ids, after: i) }
            visitor.advanced(by: next - i)
            i = next
        }
        guard open.isEmpty else { throw Self.invalid("the walk ends inside offscreen \(open[open.count - 1])") }
    }

    /// The first entry of `entries` beginning at or after command `index`.
    private static func first(of entries: [DrawnLayers.Entry], from index: Int) -> Int {
        guard index > 0 else { return 0 }
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].span.lowerBound < index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    static func invalid(_ message: String) -> RenderError {
        RenderError(.internal, "invalid render plan: \(message)")
    }
}
