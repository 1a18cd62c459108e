@testable import Lamina
import Testing

/// Curves outside a mask's region are flattened to what a scanline fill of the region needs: the
/// coverage is the same byte for byte, and a huge curve costs a handful of points, not thousands.
@Suite struct CurveCullingTests {
    /// A deterministic generator (xorshift) for paths with curves inside, across and far outside a region.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
        mutating func coordinate() -> Double {
            let r = next()
            if r < 0.15 { return (next() - 0.5) * 4e6 }
            return next() * 120 - 20
        }
    }

    static func randomPath(seed: UInt64) throws -> Path {
        var n = Numbers(state: seed)
        var text = "M \(n.coordinate()) \(n.coordinate())"
        for _ in 0..<12 {
            if n.next() < 0.5 {
                text += " Q \(n.coordinate()) \(n.coordinate()) \(n.coordinate()) \(n.coordinate())"
            } else {
                text += " C \(n.coordinate()) \(n.coordinate()) \(n.coordinate()) \(n.coordinate()) \(n.coordinate()) \(n.coordinate())"
            }
        }
        return .svg(try SVGPath.parse(text + " Z"), fillRule: seed % 2 == 0 ? .nonZero : .evenOdd)
    }

    @Test(arguments: 1...40)
    func sameCoverageAsFullFlattening(seed: Int) throws {
        let path = try CurveCullingTests.randomPath(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let region = PixelRect(x: 5, y: 7, width: 64, height: 48)
        let culled = PathRasterizer.mask(for: path, transform: .identity, in: region)
        let full = PathRasterizer.mask(polygons: path.polygons(transform: .identity, tolerance: PathRasterizer.tolerance),
                                       fillRule: path.fillRule, in: region)
        #expect(culled == full)
    }

    @Test func farCurvesCostFewPoints() throws {
        var text = "M 0 0 L 50 0 L -3e8 1e6"
        for i in 0..<200 {
            let y = 1e6 + Double(i) * 1e5
            text += " C -5e8 \(y) -5e8 \(y + 5e4) -1e8 \(y + 1e5) Q 9e8 \(y) 8e8 \(y + 3e4)"
        }
        let path = Path.svg(try SVGPath.parse(text + " L 50 50 Z"), fillRule: .nonZero)
        let region = Rect(0, 0, 100, 100)
        let culled = path.polygons(transform: .identity, tolerance: PathRasterizer.tolerance, region: region)
        let full = path.polygons(transform: .identity, tolerance: PathRasterizer.tolerance)
        let culledPoints = culled.reduce(0) { $0 + $1.count }, fullPoints = full.reduce(0) { $0 + $1.count }
        #expect(culledPoints < 1_000, "\(culledPoints) points")
        #expect(fullPoints > 100 * culledPoints, "\(fullPoints) vs \(culledPoints)")
    }

    @Test func extremaOfCurves() {
        #expect(CurveFlattener.cubicExtrema(0, 10, 10, 0).count == 1)
        #expect(CurveFlattener.cubicExtrema(0, 1, 2, 3).isEmpty)
        #expect(CurveFlattener.quadExtrema(0, 10, 0) == [0.5])
    }
}
