/// How an `IncrementalRenderer` redraws a frame's damage: the pixels it must redraw are fixed by the
/// damage, but how they are grouped is a cost to weigh.
///
/// A plan limited to damage repeats each canvas-level command once per damage rect that it reaches
/// (`RenderPlan.restricted(to:)`), and limiting it costs planning time of its own: once much of the canvas
/// changed, redrawing all of it costs less. Either way every pixel comes out as in a full redraw, and a
/// frame reports its damage (`IncrementalRenderer.Frame.damage`), not what it drew.
public struct RedrawPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The most rects the drawn region keeps (more are merged, adding the fewest pixels).
    public var maxRects: Int
    /// The whole canvas is redrawn when the damage covers at least this share of it (0…1; above 1, never).
    public var fullRedrawFraction: Double

    public init(maxRects: Int, fullRedrawFraction: Double) {
        self.maxRects = max(1, maxRects)
        self.fullRedrawFraction = fullRedrawFraction
    }

    /// The damage's own rects (up to `DamageRegion.maxRects`), and the whole canvas once a third of it
    /// changed. Measured (`lamina bench --damage-rects --full-redraw-above`) on an H100 and on two cores with
    /// llvmpipe: from a third of the canvas on, a full redraw cost the same as the limited one or less on
    /// both paths (dashboard, blur-shadows and scroll-list animated, 38–77 % damaged), below it more;
    /// merging scattered damage into 1–8 rects cost up to 9 × more (the merged rects reach far more layers).
    public static let standard = RedrawPolicy(maxRects: DamageRegion.maxRects, fullRedrawFraction: 1.0 / 3.0)

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
