/// An offscreen in a plan's tree: why it exists, its size and cache key (`Offscreen`), the items drawn
/// into it, and the commands that composite or otherwise read it.
public final class SurfaceItem: Sendable {
    /// The offscreen (an index into `RenderPlan.offscreens`).
    public let offscreen: OffscreenID
    /// Its `beginOffscreen` … `endOffscreen` commands.
    public let commands: Range<Int>
    /// What is drawn into it, in order.
    public let items: [PlanItem]
    /// The commands that read its pixels, in order (`SurfaceTree.Surface.readers`): its composite, a
    /// masked draw, a blurred shadow.
    public let readers: [Int]

    /// A surface node of `offscreen`, spanning its bracket `commands`, holding `items`, read by `readers`.
    public init(offscreen: OffscreenID, commands: Range<Int>, items: [PlanItem], readers: [Int]) {
        self.offscreen = offscreen; self.commands = commands; self.items = items; self.readers = readers
    }

    /// The index of its `beginOffscreen`.
    public var begin: Int { commands.lowerBound }
    /// The index of its `endOffscreen`.
    public var end: Int { commands.upperBound - 1 }

    /// The read right after its `endOffscreen` when that is the only one (a composite onto its parent).
    public var compositeAfterEnd: Int? { readers == [commands.upperBound] ? commands.upperBound : nil }
}
