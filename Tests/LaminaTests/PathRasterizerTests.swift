import Testing
@testable import Lamina

@Suite struct PathRasterizerTests {
    func area(_ m: AlphaMask) -> Double { m.alpha.reduce(0) { $0 + Double($1) } / 255 }
    func full(_ w: Int, _ h: Int) -> PixelRect { PixelRect(x: 0, y: 0, width: w, height: h) }

    @Test func pixelAlignedSquareIsExact() {
        let m = PathRasterizer.mask(for: .rect(Rect(2, 3, 10, 5)), transform: .identity, in: full(16, 12))
        #expect(m.width == 16 && m.height == 12)
        for y in 0..<12 {
            for x in 0..<16 {
                let inside = x >= 2 && x < 12 && y >= 3 && y < 8
                #expect(m[x, y] == (inside ? 255 : 0), "(\(x),\(y))")
            }
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() {
        let m = PathRasterizer.mask(for: .rect(Rect(2.5, 2, 4, 3.5)), transform: .identity, in: full(10, 8))
        #expect(m[2, 3] == 128 && m[6, 3] == 128 && m[3, 3] == 255)
        #expect(m[3, 5] == 128 && m[2, 5] == 64)
        #expect(abs(area(m) - 14) < 0.05)
    }

    @Test func circleAreaIsPiRSquared() {
        for (r, tolerance) in [(3.0, 0.01), (10.5, 0.004), (40.0, 0.002)] {
            let size = Int(2 * r) + 8
            let c = Double(size) / 2 + 0.3
            let m = PathRasterizer.mask(for: .ellipse(Rect(c - r, c - r, 2 * r, 2 * r)), transform: .identity, in: full(size, size))
            let expected = Double.pi * r * r
            #expect(abs(area(m) - expected) / expected < tolerance, "r=\(r): \(area(m)) vs \(expected)")
            #expect(m[Int(c), Int(c)] == 255)
            #expect(m[0, 0] == 0)
        }
    }

    @Test func transformsScaleAndRotate() {
        let scaled = PathRasterizer.mask(for: .ellipse(Rect(0, 0, 10, 10)), transform: .scale(3, 2), in: full(32, 22))
        #expect(abs(area(scaled) - Double.pi * 15 * 10) / (Double.pi * 150) < 0.004)
        let t = AffineTransform.rotation(.pi / 4).concatenating(.translation(30, 30))
        let rotated = PathRasterizer.mask(for: .rect(Rect(-10, -10, 20, 20)), transform: t, in: full(60, 60))
        #expect(abs(area(rotated) - 400) < 0.5)
        #expect(rotated[30, 30] == 255 && rotated[30, 18] == 255 && rotated[16, 16] == 0)
    }

    @Test func roundedRectAreaAndClampedRadius() {
        let m = PathRasterizer.mask(for: .roundedRect(Rect(4, 4, 40, 30), radius: 8), transform: .identity, in: full(48, 38))
        let expected = 40.0 * 30 - (4 - Double.pi) * 64
        #expect(abs(area(m) - expected) / expected < 0.002)
        #expect(m[4, 4] == 0 && m[24, 4] == 255 && m[4, 19] == 255)
        let pill = PathRasterizer.mask(for: .roundedRect(Rect(0, 0, 40, 10), radius: 50), transform: .identity, in: full(40, 10))
        let pillArea = 30.0 * 10 + Double.pi * 25
        #expect(abs(area(pill) - pillArea) / pillArea < 0.004)
    }

    static let star = "M 50 0 L 79.4 90.5 L 2.4 34.5 L 97.6 34.5 L 20.6 90.5 Z"

    @Test func evenOddAndNonZeroDifferOnAStar() throws {
        let nonZero = Path.svg(try SVGPath.parse(Self.star), fillRule: .nonZero)
        let evenOdd = Path.svg(try SVGPath.parse(Self.star), fillRule: .evenOdd)
        let a = PathRasterizer.mask(for: nonZero, transform: .identity, in: full(100, 100))
        let b = PathRasterizer.mask(for: evenOdd, transform: .identity, in: full(100, 100))
        #expect(a[50, 55] == 255 && b[50, 55] == 0)
        #expect(a[50, 10] == 255 && b[50, 10] == 255)
        #expect(a[10, 36] == 255 && b[10, 36] == 255)
        #expect(a[50, 95] == 0 && b[50, 95] == 0)
        #expect(area(a) > area(b) + 500)
    }

    @Test func windingMakesHolesForOppositeSubpaths() throws {
        let d = "M0 0 H20 V20 H0 Z M5 5 V15 H15 V5 Z"
        let nonZero = PathRasterizer.mask(for: .svg(try SVGPath.parse(d), fillRule: .nonZero), transform: .identity, in: full(20, 20))
        #expect(nonZero[10, 10] == 0 && nonZero[2, 2] == 255)
        #expect(area(nonZero) == 300)
        let same = "M0 0 H20 V20 H0 Z M5 5 H15 V15 H5 Z"
        let filled = PathRasterizer.mask(for: .svg(try SVGPath.parse(same), fillRule: .nonZero), transform: .identity, in: full(20, 20))
        #expect(filled[10, 10] == 255 && area(filled) == 400)
        let holed = PathRasterizer.mask(for: .svg(try SVGPath.parse(same), fillRule: .evenOdd), transform: .identity, in: full(20, 20))
        #expect(holed[10, 10] == 0 && area(holed) == 300)
    }

    @Test func offsetRegionsMatchCropsOfTheWholeMask() {
        let path = Path.ellipse(Rect(3.3, 4.1, 30, 21))
        let whole = PathRasterizer.mask(for: path, transform: .identity, in: full(40, 30))
        let part = PathRasterizer.mask(for: path, transform: .identity, in: PixelRect(x: 10, y: 7, width: 25, height: 12))
        for y in 0..<12 {
            for x in 0..<25 { #expect(part[x, y] == whole[x + 10, y + 7]) }
        }
        let outside = PathRasterizer.mask(for: path, transform: .identity, in: PixelRect(x: 100, y: 100, width: 4, height: 4))
        #expect(outside.alpha.allSatisfy { $0 == 0 })
        #expect(PathRasterizer.mask(for: path, transform: .identity, in: PixelRect(x: 0, y: 0, width: 0, height: 5)).alpha.isEmpty)
    }

    @Test func curvesFlattenWithinTolerance() throws {
        let polys = Path.ellipse(Rect(0, 0, 200, 200)).polygons(transform: .identity, tolerance: 0.1)
        #expect(polys.count == 1)
        let worst = polys[0].map { abs(($0 - Point(100, 100)).length - 100) }.max()!
        #expect(worst < 0.1)
        let quad = Path.svg(try SVGPath.parse("M0 0 Q 50 100 100 0 Z"), fillRule: .nonZero)
        #expect(quad.polygons(transform: .identity).first!.count > 10)
        #expect(Path.svg(try SVGPath.parse("M0 0 L 5 5"), fillRule: .nonZero).polygons(transform: .identity).isEmpty)
    }

    @Test func boundsFollowTheTransform() throws {
        let t = AffineTransform.scale(2, 3).concatenating(.translation(5, 7))
        #expect(Path.rect(Rect(1, 1, 4, 2)).bounds(transform: t) == Rect(7, 10, 8, 6))
        let e = Path.ellipse(Rect(0, 0, 10, 10)).bounds(transform: .rotation(.pi / 4))
        #expect(abs(e.width - 10) < 0.02 && abs(e.height - 10) < 0.02)
        let curve = Path.svg(try SVGPath.parse("M0 0 C 0 40 40 40 40 0"), fillRule: .nonZero).bounds(transform: .identity)
        #expect(abs(curve.maxY - 30) < 0.02 && curve.minY == 0 && curve.width == 40)
        #expect(Path.svg(SVGPath(segments: []), fillRule: .nonZero).bounds(transform: .identity) == .zero)
    }
}
