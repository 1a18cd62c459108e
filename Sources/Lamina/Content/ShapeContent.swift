/// What a `CAShapeLayer` draws, with its property names and defaults (SCENE_FORMAT.md "CAShapeLayer").
public struct ShapeContent: Hashable, Sendable {
    /// The shape in the layer's bounds space; nil draws nothing.
    public var path: Path?
    /// `clear` for no fill.
    public var fillColor: Color
    public var fillRule: FillRule
    /// `clear` (the default) for no stroke.
    public var strokeColor: Color
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// On, off, … lengths in points; nil draws solid.
    public var lineDashPattern: [Double]?
    public var lineDashPhase: Double
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(path: Path? = nil, fillColor: Color = .black, fillRule: FillRule = .nonZero, strokeColor: Color = .clear,
                lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                lineDashPattern: [Double]? = nil, lineDashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.path = path; self.fillColor = fillColor; self.fillRule = fillRule; self.strokeColor = strokeColor
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern; self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart; self.strokeEnd = strokeEnd
    }

    /// The stroke's geometry (width, caps, joins, dashes, trims) as the stroker takes it.
    public func strokeStyle() throws(StrokeError) -> StrokeStyle {
        let dash = try lineDashPattern.map { pattern throws(StrokeError) in try DashPattern(lengths: pattern, phase: lineDashPhase) }
        return StrokeStyle(lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                           dash: dash, strokeStart: strokeStart, strokeEnd: strokeEnd)
    }

    /// The path with the layer's fill rule (a shape layer's path carries none of its own).
    public var filledPath: Path? {
        guard let path else { return nil }
        if case .svg(let p, _) = path { return .svg(p, fillRule: fillRule) }
        return path
    }
}
