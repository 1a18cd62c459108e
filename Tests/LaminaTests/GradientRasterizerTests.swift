import Testing
@testable import Lamina

/// Gradient pixels against colors computed by hand from the contract's formulas (SCENE_FORMAT.md "CAGradientLayer").
struct GradientRasterizerTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    static func render(_ g: GradientContent, bounds: Rect, transform: AffineTransform = .identity,
                       region: PixelRect) throws -> [UInt8]? {
        try GradientRasterizer.pixels(g, bounds: bounds, transform: transform, region: region)
    }

    static func pixel(_ p: [UInt8], _ region: PixelRect, _ x: Int, _ y: Int) -> [Int] {
        let i = ((y - region.y) * region.width + (x - region.x)) * 4
        return p[i..<i + 4].map(Int.init)
    }

    static func expectNear(_ got: [Int], _ want: [Int], tolerance: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "got \(got), want \(want)", sourceLocation: sourceLocation)
    }

    @Test func axialInterpolatesAlongStartToEnd() throws {
        let region = PixelRect(x: 0, y: 0, width: 10, height: 100)
        let p = try #require(try Self.render(GradientContent(colors: [Self.red, Self.blue]), bounds: Rect(0, 0, 10, 100), region: region))
        // t = 49.5 / 100 at the center of row 49.
        Self.expectNear(Self.pixel(p, region, 5, 49), [129, 0, 126, 255], tolerance: 0)
        Self.expectNear(Self.pixel(p, region, 0, 0), [254, 0, 1, 255], tolerance: 0)
        Self.expectNear(Self.pixel(p, region, 9, 99), [1, 0, 254, 255], tolerance: 0)
    }

    @Test func interpolationIsInUnpremultipliedComponents() throws {
        let region = PixelRect(x: 0, y: 0, width: 1, height: 2)
        let g = GradientContent(colors: [Self.red, Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let p = try #require(try Self.render(g, bounds: Rect(0, 0, 1, 2), transform: .scale(1, 1), region: region))
        // t = 0.25: color (0.75, 0, 0.25) at alpha 0.75, premultiplied (0.5625, 0, 0.1875, 0.75).
        Self.expectNear(Self.pixel(p, region, 0, 0), [143, 0, 48, 191], tolerance: 0)
        // t = 0.75: (0.25, 0, 0.75) at alpha 0.25 → (0.0625, 0, 0.1875, 0.25); premultiplied mixing would give blue 0.
        Self.expectNear(Self.pixel(p, region, 0, 1), [16, 0, 48, 64], tolerance: 0)
    }

    @Test func hardStopAndClampingOutsideTheLocations() throws {
        let region = PixelRect(x: 0, y: 0, width: 4, height: 100)
        let green = Color(red: 0, green: 1, blue: 0)
        let g = GradientContent(colors: [Self.red, green, Self.blue, .white], locations: [0.2, 0.5, 0.5, 0.8])
        let p = try #require(try Self.render(g, bounds: Rect(0, 0, 4, 100), region: region))
        Self.expectNear(Self.pixel(p, region, 1, 5), [255, 0, 0, 255], tolerance: 0)    // below the first location
        Self.expectNear(Self.pixel(p, region, 1, 49), [4, 251, 0, 255], tolerance: 0)   // t 0.495: red → green at 59/60
        Self.expectNear(Self.pixel(p, region, 1, 50), [4, 4, 255, 255], tolerance: 0)   // t 0.505: blue → white at 1/60
        Self.expectNear(Self.pixel(p, region, 1, 95), [255, 255, 255, 255], tolerance: 0)
        // At the stop itself the later color shows (t = 0.25 at the first row's center).
        let q = try #require(try Self.render(GradientContent(colors: [Self.red, Self.blue], locations: [0.25, 0.25]), bounds: Rect(0, 0, 1, 2),
                                             region: PixelRect(x: 0, y: 0, width: 1, height: 2)))
        #expect(Array(q[0..<4]) == [0, 0, 255, 255])
    }

    @Test func radialIsAnEllipseThroughTheEndPoint() throws {
        let region = PixelRect(x: 0, y: 0, width: 100, height: 50)
        let g = GradientContent(colors: [.white, .black], startPoint: Point(0.5, 0.5), endPoint: Point(1, 1), type: .radial)
        let p = try #require(try Self.render(g, bounds: Rect(0, 0, 100, 50), region: region))
        // S = (50, 25), rx = 50, ry = 25; center (74.5, 24.5): t = √(0.49² + 0.02²) = 0.490408.
        Self.expectNear(Self.pixel(p, region, 74, 24), [130, 130, 130, 255])
        Self.expectNear(Self.pixel(p, region, 0, 0), [0, 0, 0, 255], tolerance: 0)
        Self.expectNear(Self.pixel(p, region, 50, 25), [249, 249, 249, 255])  // t = √(0.01² + 0.02²)
    }

    @Test func conicRunsClockwiseFromTheEndPointsDirection() throws {
        let region = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let right = GradientContent(colors: [.black, .white], startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.5), type: .conic)
        let p = try #require(try Self.render(right, bounds: Rect(0, 0, 100, 100), region: region))
        Self.expectNear(Self.pixel(p, region, 50, 90), [63, 63, 63, 255])     // below: a quarter turn
        Self.expectNear(Self.pixel(p, region, 10, 50), [127, 127, 127, 255])  // left: a half turn
        Self.expectNear(Self.pixel(p, region, 50, 10), [192, 192, 192, 255])  // above: three quarters
        let down = GradientContent(colors: [.black, .white], startPoint: Point(0.5, 0.5), endPoint: Point(0.5, 1), type: .conic)
        let q = try #require(try Self.render(down, bounds: Rect(0, 0, 100, 100), region: region))
        Self.expectNear(Self.pixel(q, region, 90, 50), [192, 192, 192, 255])  // right of a downward start: three quarters
    }

    @Test func conicAngleMatchesTheLibrarysArcTangent() {
        var worst = 0.0
        var rng = SplitMix64(seed: 7)
        for i in 0..<200_000 {
            let scale = [1e-3, 1, 1e4][i % 3]
            let x = (Double(rng.next() >> 11) / Double(1 << 53) * 2 - 1) * scale
            let y = (Double(rng.next() >> 11) / Double(1 << 53) * 2 - 1) * scale
            var want = LaminaMath.atan2(y, x) / (2 * .pi)
            if want < 0 { want += 1 }
            let got = GradientParameter.turns(y, x)
            worst = max(worst, min(abs(got - want), 1 - abs(got - want)))
            #expect(got >= 0 && got < 1)
        }
        #expect(worst < 1e-8, "\(worst)")
        #expect(GradientParameter.turns(0, 1) == 0 && GradientParameter.turns(0, 0) == 0)
        #expect(abs(GradientParameter.turns(1, 0) - 0.25) < 1e-15 && abs(GradientParameter.turns(0, -1) - 0.5) < 1e-15)
        #expect(abs(GradientParameter.turns(-1, 0) - 0.75) < 1e-15 && abs(GradientParameter.turns(1, 1) - 0.125) < 1e-15)
    }

    @Test func degenerateGradientsFillWithTheLastColor() throws {
        let region = PixelRect(x: 0, y: 0, width: 8, height: 8)
        let bounds = Rect(0, 0, 8, 8)
        let same = Point(0.3, 0.3)
        for type in GradientType.allCases {
            let g = GradientContent(colors: [Self.red, Self.blue], startPoint: same, endPoint: type == .radial ? Point(0.3, 0.9) : same, type: type)
            let p = try #require(try Self.render(g, bounds: bounds, region: region))
            for y in [0, 4, 7] { for x in [0, 3, 7] { Self.expectNear(Self.pixel(p, region, x, y), [0, 0, 255, 255], tolerance: 0) } }
        }
        let one = try #require(try Self.render(GradientContent(colors: [Color(red: 1, green: 1, blue: 0, alpha: 0.5)]), bounds: bounds, region: region))
        Self.expectNear(Self.pixel(one, region, 4, 4), [128, 128, 0, 128], tolerance: 0)
        #expect(try Self.render(GradientContent(colors: []), bounds: bounds, region: region) == nil)
        #expect(try Self.render(GradientContent(colors: [.clear, .clear]), bounds: bounds, region: region) == nil)
        #expect(try Self.render(GradientContent(colors: [Self.red]), bounds: bounds,
                                region: PixelRect(x: 20, y: 0, width: 4, height: 4)) == nil)
    }

    @Test func fractionalEdgesGetExactAreaCoverage() throws {
        let region = PixelRect(x: 0, y: 0, width: 12, height: 4)
        let g = GradientContent(colors: [Self.red])
        let p = try #require(try Self.render(g, bounds: Rect(0, 0, 10.5, 4), transform: .translation(0.25, 0), region: region))
        Self.expectNear(Self.pixel(p, region, 0, 1), [191, 0, 0, 191], tolerance: 0)   // covers [0.25, 1)
        Self.expectNear(Self.pixel(p, region, 5, 1), [255, 0, 0, 255], tolerance: 0)
        Self.expectNear(Self.pixel(p, region, 10, 1), [191, 0, 0, 191], tolerance: 0)  // covers [10, 10.75)
        Self.expectNear(Self.pixel(p, region, 11, 1), [0, 0, 0, 0], tolerance: 0)
    }

    @Test func transformsAndRegionsMapPixelCentersBackIntoBounds() throws {
        let region = PixelRect(x: 3, y: 90, width: 6, height: 20)
        let p = try #require(try Self.render(GradientContent(colors: [Self.red, Self.blue]), bounds: Rect(0, 0, 10, 100),
                                             transform: .scale(2, 2), region: region))
        // device (5.5, 99.5) → bounds (2.75, 49.75): t = 0.4975.
        Self.expectNear(Self.pixel(p, region, 5, 99), [128, 0, 127, 255])
        // A quarter turn: the bounds' y axis runs along −x on the device.
        let turned = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 100, ty: 0)
        let r = PixelRect(x: 0, y: 0, width: 100, height: 10)
        let q = try #require(try Self.render(GradientContent(colors: [Self.red, Self.blue]), bounds: Rect(0, 0, 10, 100), transform: turned, region: r))
        Self.expectNear(Self.pixel(q, r, 50, 5), [129, 0, 126, 255], tolerance: 0)  // device x 50.5 → bounds y 49.5
        #expect(GradientRasterizer.bytes(region: r) == 4000)
    }

    @Test func cancellationStopsTheRaster() throws {
        let c = RenderCancellation()
        c.cancel()
        #expect(throws: RenderCancelled.self) {
            try GradientRasterizer.pixels(GradientContent(colors: [Self.red, Self.blue]), bounds: Rect(0, 0, 10, 10), transform: .identity,
                                          region: PixelRect(x: 0, y: 0, width: 10, height: 10), cancellation: c)
        }
    }
}
