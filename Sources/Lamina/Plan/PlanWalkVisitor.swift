/// What a backend does at each step of a walk through a plan (`PlanWalk`): it opens or skips offscreens,
/// closes them, draws commands, and lets offscreens go once nothing later reads them.
public protocol PlanWalkVisitor {
    /// The `beginOffscreen` of `id` at `index`: how the walk goes on (`PlanWalk.Entry`).
    mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry
    /// The `endOffscreen` at `index` closes `id`, the innermost offscreen the walk entered.
    mutating func end(_ id: OffscreenID, at index: Int) throws
    /// Draws the command at `index` (any command but the offscreen brackets); returns how many commands it
    /// drew: 1, or more when one draw stood for the commands right after it too.
    mutating func draw(_ command: DrawCommand, at index: Int) throws -> Int
    /// No command after `index` reads these offscreens (`SurfaceTree.releasePoints()`). Called after the
    /// command at `index` when the walk goes on with the next one.
    mutating func release(_ ids: [OffscreenID], after index: Int) throws
    /// The walk moved on by `count` commands (what a backend paces its flushes by).
    mutating func advanced(by count: Int)
}

extension PlanWalkVisitor {
    public mutating func advanced(by count: Int) {}
}
