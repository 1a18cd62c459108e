/// The one walk both backends make through a plan: the commands in order, each offscreen entered at its
/// `beginOffscreen` and closed at its `endOffscreen` (or skipped whole, by the plan's `SurfaceTree`), draws
/// that stand for several commands stepping over them, the plan's cancellation checked at every command,
/// and each offscreen let go after its last reader (`SurfaceTree.releasePoints()`). The backend says what
/// each step does (`PlanWalkVisitor`).
public struct PlanWalk {
    /// How a walk goes on at a `beginOffscreen`.
    public enum Entry: Equatable {
        /// Into the offscreen: its commands draw into it, until its `endOffscreen`.
        case enter
        /// After its `endOffscreen`: its pixels come from elsewhere (a cache, a batch drawn earlier) or
        /// nothing reads them.
        case skip
        /// At this later command: a draw stood for the offscreen and the commands after it.
        case resume(at: Int)
    }

    public let plan: RenderPlan
    public let surfaces: SurfaceTree
    public let releasePoints: [Int: [OffscreenID]]

    /// A walk through `plan`, whose offscreen tree is `surfaces` (and its release points, when already known).
    public init(_ plan: RenderPlan, surfaces: SurfaceTree, releasePoints: [Int: [OffscreenID]]? = nil) {
        self.plan = plan
        self.surfaces = surfaces
        self.releasePoints = releasePoints ?? surfaces.releasePoints()
    }

    /// Walks the commands of `range` (the whole plan, or the inside of one offscreen), telling `visitor`
    /// what to do at each.
    public func walk<Visitor: PlanWalkVisitor>(_ visitor: inout Visitor, range: Range<Int>? = nil) throws {
        let range = range ?? 0..<plan.commands.count
        var open: [OffscreenID] = []
        var i = range.lowerBound
        while i < range.upperBound {
            try plan.cancellation?.check()
            let next: Int
            switch plan.commands[i] {
            case .beginOffscreen(let id):
                switch try visitor.begin(id, at: i) {
                case .enter:
                    open.append(id)
                    next = i + 1
                case .skip:
                    next = try surfaces.end(ofBeginAt: i) + 1
                case .resume(let index):
                    guard index > i else { throw Self.invalid("command \(i): a walk cannot resume at \(index)") }
                    next = index
                }
            case .endOffscreen:
                guard let id = open.popLast() else { throw Self.invalid("command \(i): endOffscreen without beginOffscreen") }
                try visitor.end(id, at: i)
                next = i + 1
            case let command:
                next = i + max(1, try visitor.draw(command, at: i))
            }
            if next == i + 1, let ids = releasePoints[i] { try visitor.release(ids, after: i) }
            visitor.advanced(by: next - i)
            i = next
        }
        guard open.isEmpty else { throw Self.invalid("the walk ends inside offscreen \(open[open.count - 1])") }
    }

    static func invalid(_ message: String) -> RenderError {
        RenderError(.internal, "invalid render plan: \(message)")
    }
}
