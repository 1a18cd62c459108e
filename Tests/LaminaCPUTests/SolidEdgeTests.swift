import Lamina
import Testing
@testable import LaminaCPU

/// Edge pixels an opaque fill or border covers wholly store the color as blending rounds it (`solidEdge`),
/// without blending; every pixel must still be `Blend.over` of color × coverage over what lies below.
@Suite struct SolidEdgeTests {
    typealias P = PlanBuilding

    static let color = PremultipliedColor(red: 51.0 / 255, green: 153.0 / 255, blue: 204.0 / 255, alpha: 1)
    static let background = PremultipliedColor(red: 0.3, green: 0.1, blue: 0.2, alpha: 0.6)

    /// Rects and rounded rects on whole pixels (their edge pixels covered exactly 1) and off them.
    static let shapes: [(Rect, Double)] = [(Rect(3, 2, 17, 11), 0), (Rect(3, 2, 17, 11), 4), (Rect(2.5, 1.25, 16.6, 10.5), 3)]

    /// The background, then `command`, against `Blend.over(color × coverage(x, y))` of the background alone.
    static func check(_ command: DrawCommand, coverage: (Int, Int) -> Float) throws {
        let w = 24, h = 16
        let ground = P.fill(Rect(0, 0, Double(w), Double(h)), color: background)
        let drawn = try P.render(RenderPlan(width: w, height: h, clearColor: .transparent, commands: [ground, command]))
        let under = try P.render(RenderPlan(width: w, height: h, clearColor: .transparent, commands: [ground]))
        for y in 0..<h {
            for x in 0..<w {
                var expected = (0..<4).map { under[x, y][$0] }
                let k = coverage(x, y)
                if k > 0 { expected.withUnsafeMutableBufferPointer { Blend.over(color.unit * k, $0.baseAddress!) } }
                let got = drawn[x, y]
                #expect([got[0], got[1], got[2], got[3]] == expected, "pixel (\(x), \(y)), coverage \(k)")
            }
        }
    }

    @Test(arguments: shapes)
    func anOpaqueFillStoresEachPixelAsItsCoverageBlends(shape: (rect: Rect, radius: Double)) throws {
        let rounded = RoundedRect(rect: shape.rect, cornerRadius: shape.radius)
        let coverage = try #require(ShapeCoverage(shape: rounded, transform: .identity))
        try Self.check(P.fill(shape.rect, radius: shape.radius, color: Self.color)) { coverage.coverage(x: $0, y: $1) }
    }

    @Test(arguments: shapes)
    func anOpaqueBorderStoresEachPixelAsItsCoverageBlends(shape: (rect: Rect, radius: Double)) throws {
        let outer = RoundedRect(rect: shape.rect, cornerRadius: shape.radius)
        let border = Border(outer: outer, width: 2, transform: .identity, color: Self.color, clip: .none)
        let o = try #require(ShapeCoverage(shape: outer, transform: .identity))
        let i = try #require(ShapeCoverage(shape: border.inner, transform: .identity))
        try Self.check(.border(border)) { min(max(o.coverage(x: $0, y: $1) - i.coverage(x: $0, y: $1), 0), 1) }
    }
}
