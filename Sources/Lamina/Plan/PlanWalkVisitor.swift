/// What a backend does at each step of a walk through a plan (`PlanWalk`): it opens, skips or stands in for
/// offscreens, closes them, draws a layer item whole or lets the walk go through its parts, draws commands,
/// and lets offscreens go once nothing later reads them.
public protocol PlanWalkVisitor {
    /// The `beginOffscreen` of `id` at `index`: how the walk goes on (`PlanWalk.Entry`).
    mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry
    /// The `endOffscreen` at `index` closes `id`, the innermost offscreen the walk entered.
    mutating func end(_ id: OffscreenID, at index: Int) throws
    /// A layer item, before its first command (`span` runs from its first part to its last): `.enter` walks
    /// its parts, `.resume(at:)` goes on after a draw that stood for its first commands (a card drawing the
    /// whole layer), `.skip` after its last command.
    mutating func begin(_ layer: PlannedLayer, spanning span: Range<Int>) throws -> PlanWalk.Entry
    /// Draws the command at `index` (any command but the offscreen brackets); returns how many commands it
    /// drew: 1, or more when one draw stood for the commands right after it too.
    mutating func draw(_ command: DrawCommand, at index: Int) throws -> Int
    /// No command after `index` reads these offscreens (`SurfaceTree.releasePoints()`). Called after the
    /// command at `index` when it was drawn on its own.
    mutating func release(_ ids: [OffscreenID], after index: Int) throws
    /// The walk moved on by `count` commands (what a backend paces its flushes by).
    mutating func advanced(by count: Int)
}

extension PlanWalkVisitor {
    /// Walks every layer's parts.
    public mutating func begin(_ layer: PlannedLayer, spanning span: Range<Int>) throws -> PlanWalk.Entry { .enter }
    public mutating func advanced(by count: Int) {}
}
