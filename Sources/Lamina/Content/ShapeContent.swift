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

extension ShapeContent {
    /// The shape as Core Animation draws values set from Swift outside their ranges: a width below 0 or
    /// not finite as 0, a miter limit below 1 as 1, stroke ends clamped to 0…1, a phase that is not finite
    /// as 0, a dash pattern the stroker refuses as solid (the scene decoder refuses all of these instead).
    public var drawable: ShapeContent {
        var s = self
        s.lineWidth = lineWidth.isFinite ? max(lineWidth, 0) : 0
        s.miterLimit = miterLimit.isFinite ? max(miterLimit, 1) : 10
        s.strokeStart = strokeStart.isNaN ? 0 : min(max(strokeStart, 0), 1)
        s.strokeEnd = strokeEnd.isNaN ? 1 : min(max(strokeEnd, 0), 1)
        s.lineDashPhase = lineDashPhase.isFinite ? lineDashPhase : 0
        if let pattern = lineDashPattern, (try? DashPattern(lengths: pattern)) == nil { s.lineDashPattern = nil }
        return s
    }

    /// The key of its coverage masks: the shape without its colors (a color change re-fills, not re-rasterizes).
    var geometryKey: ShapeContent {
        var s = self
        s.fillColor = .clear
        s.strokeColor = .clear
        return s
    }
}
