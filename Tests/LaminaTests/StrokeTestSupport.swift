@testable import Lamina

/// Coverage helpers shared by the stroke tests.
enum StrokeTestSupport {
    static func mask(_ polygons: [[Point]], _ w: Int, _ h: Int) -> AlphaMask {
        PathRasterizer.mask(polygons: polygons, fillRule: .nonZero, in: PixelRect(x: 0, y: 0, width: w, height: h))
    }

    static func area(_ polygons: [[Point]], _ w: Int, _ h: Int) -> Double {
        mask(polygons, w, h).alpha.reduce(0) { $0 + Double($1) } / 255
    }

    static func stroke(_ svg: String, _ style: StrokeStyle, transform: AffineTransform = .identity) throws -> [[Point]] {
        try PathStroker.outline(path: .svg(SVGPath.parse(svg), fillRule: .nonZero), style: style, transform: transform)
    }

    static func style(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                      dash: [Double]? = nil, phase: Double = 0, start: Double = 0, end: Double = 1) throws -> StrokeStyle {
        StrokeStyle(lineWidth: width, lineCap: cap, lineJoin: join, miterLimit: miterLimit,
                    dash: try dash.map { try DashPattern(lengths: $0, phase: phase) }, strokeStart: start, strokeEnd: end)
    }
}
