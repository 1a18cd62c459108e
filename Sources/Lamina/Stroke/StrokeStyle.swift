/// The geometric properties of a stroke, with `CAShapeLayer`'s names and defaults.
public struct StrokeStyle: Hashable, Sendable {
    /// Width in the path's space, centered on the path; 0 draws no stroke.
    public var lineWidth: Double
    /// The ends of open subpaths, dashes and trimmed parts.
    public var lineCap: LineCap
    /// How segments meet at a vertex.
    public var lineJoin: LineJoin
    /// A miter longer than miterLimit × lineWidth becomes a bevel (SVG's rule); ≥ 1.
    public var miterLimit: Double
    /// Dashes, laid along the whole path before trimming; nil draws the path solid.
    public var dash: DashPattern?
    /// The part drawn, as fractions (clamped to 0…1) of the whole path's length; start ≥ end draws nothing.
    public var strokeStart: Double
    /// The end of the part drawn (see `strokeStart`).
    public var strokeEnd: Double

    /// A style with `CAShapeLayer`'s defaults: width 1, butt caps, miter joins, miter limit 10, solid, whole.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: DashPattern? = nil, strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// Throws when `lineWidth` is negative or not finite, or `miterLimit` is below 1 or not finite.
    public func validate() throws(StrokeError) {
        guard lineWidth.isFinite, lineWidth >= 0 else { throw .invalidLineWidth(lineWidth) }
        guard miterLimit.isFinite, miterLimit >= 1 else { throw .invalidMiterLimit(miterLimit) }
    }

    /// Whether the style draws anything at all (a positive width and strokeStart < strokeEnd).
    public var drawsSomething: Bool {
        lineWidth > 0 && clampedUnit(strokeStart) < clampedUnit(strokeEnd)
    }

    func clampedUnit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
}
