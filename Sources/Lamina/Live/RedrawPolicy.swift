/// How a backend prefers to redraw a frame's damage: the pixels it must redraw are fixed by the damage,
/// but how they are grouped is the backend's cost to weigh.
///
/// A plan limited to damage repeats each canvas-level command once per damage rect that it reaches
/// (`RenderPlan.restricted(to:)`). Where shading pixels is what costs (the CPU path, a software GL
/// rasterizer) tight rects draw the fewest pixels even when much of the canvas changed; where each draw
/// costs more than its pixels (a hardware GPU, whose time goes to the CPU work of issuing draws) the
/// whole canvas once much of it changed costs less than limiting the plan. Either way every pixel comes
/// out as in a full redraw, and a frame reports its damage (`IncrementalRenderer.Frame.damage`), not
/// what it drew.
public struct RedrawPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The most rects the drawn region keeps (more are merged, adding the fewest pixels).
    public var maxRects: Int
    /// The whole canvas is redrawn when the damage covers at least this share of it (0…1; above 1, never).
    public var fullRedrawFraction: Double

    public init(maxRects: Int, fullRedrawFraction: Double) {
        self.maxRects = max(1, maxRects)
        self.fullRedrawFraction = fullRedrawFraction
    }

    /// For backends whose time is in shading pixels: up to `DamageRegion.maxRects` rects, never the whole
    /// canvas for a partial damage.
    public static let fillBound = RedrawPolicy(maxRects: DamageRegion.maxRects, fullRedrawFraction: 2)

    /// For backends whose time is in issuing draws (hardware GPUs): the whole canvas once a third of it
    /// changed, the damage's rects below that. Measured on an H100 (`lamina bench --damage-rects
    /// --full-redraw-above`): merging scattered damage into 1–8 rects cost up to 9 × more (the merged rects
    /// reach many more layers), a full redraw from a third of the canvas cost the same or less.
    public static let drawBound = RedrawPolicy(maxRects: DamageRegion.maxRects, fullRedrawFraction: 1.0 / 3.0)

    /// The region to redraw for `damage`: `damage` itself, its rects merged down to `maxRects`, or nil for
    /// the whole canvas.
    public func drawnRegion(for damage: DamageRegion) -> DamageRegion? {
        if damage.fraction >= fullRedrawFraction { return nil }
        return damage.merged(maxRects: maxRects)
    }

    public var description: String {
        "up to \(maxRects) rects" + (fullRedrawFraction <= 1 ? ", whole canvas from \(Int((fullRedrawFraction * 100).rounded())) % of it" : "")
    }
}
