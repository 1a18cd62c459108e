import Lamina
import Testing
@testable import LaminaCPU

@Suite struct ShadowTests {
    typealias P = PlanBuilding

    func shadowPlan(_ shape: RoundedRect, sigma: Double, size: Int, transform: AffineTransform = .identity) -> RenderPlan {
        let s = RoundedRectShadow(shape: shape, transform: transform, sigma: sigma, color: P.black, clip: .none)
        return RenderPlan(width: size, height: size, clearColor: .transparent, commands: [.roundedRectShadow(s)])
    }

    @Test(arguments: [1.0, 5.0, 20.0])
    func closedFormProfileAcrossStraightEdge(sigma: Double) throws {
        let shape = RoundedRect(rect: Rect(150, 150, 300, 300), cornerRadius: 16)
        let b = try P.render(shadowPlan(shape, sigma: sigma, size: 600))
        var worst = 0.0
        for x in Int(150 - 5 * sigma)..<Int(150 + 5 * sigma) {
            let d = 150 - (Double(x) + 0.5)
            let expected = 255 * P.edgeProfile(d, sigma: sigma)
            worst = max(worst, abs(expected - Double(b[x, 300][3])))
        }
        print("closed-form shadow σ=\(sigma): max |error| across the edge = \(worst)/255")
        #expect(worst <= 2)
    }

    /// The rasterizer's fast path (separable rectangle, fixed-node or windowed notches, single-precision
    /// erf/exp) against `ShadowMath.coverage` evaluated per pixel: within 0.5/255 before 8-bit rounding.
    @Test(arguments: [(0.7, 3.0), (2.0, 12.0), (4.0, 12.0), (3.0, 40.0), (10.0, 25.0), (25.0, 40.0)])
    func fastPathAgreesWithShadowMath(sigma: Double, radius: Double) throws {
        let shape = RoundedRect(rect: Rect(40.3, 50.6, 110, 90), radii: CornerRadii(topLeft: radius, topRight: radius / 2, bottomRight: 0, bottomLeft: radius))
        let b = try P.render(shadowPlan(shape, sigma: sigma, size: 240))
        var worst = 0.0
        for y in 0..<240 {
            for x in 0..<240 {
                let c = ShadowMath.coverage(at: Point(Double(x) + 0.5, Double(y) + 0.5), of: shape, sigma: sigma)
                worst = max(worst, abs(255 * c - Double(b[x, y][3])))
            }
        }
        // 8-bit rounding contributes up to 0.5.
        #expect(worst <= 1.0, "σ \(sigma) r \(radius): \(worst)")
    }

    @Test func scaledTransformScalesSigma() throws {
        let shape = RoundedRect(rect: Rect(20, 20, 60, 60), cornerRadius: 8)
        let t = AffineTransform.scale(2, 2)
        let b = try P.render(shadowPlan(shape, sigma: 3, size: 200, transform: t))
        var worst = 0.0
        for y in stride(from: 0, to: 200, by: 3) {
            for x in stride(from: 0, to: 200, by: 3) {
                let c = ShadowMath.coverage(at: Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2), of: shape, sigma: 3)
                worst = max(worst, abs(255 * c - Double(b[x, y][3])))
            }
        }
        #expect(worst <= 1.0)
    }

    /// Rotated shadows read the shadow table like scaled ones (bilinear error ≈ 0.25/255 plus 8-bit rounding).
    @Test func rotatedShadowReadsTheTable() throws {
        let shape = RoundedRect(rect: Rect(-30, -20, 60, 40), cornerRadius: 10)
        #expect(ShadowTable(shape: shape, sigma: 4) != nil)
        #expect(try worstRotatedError(shape, sigma: 4) <= 1.0)
    }

    /// A shape whose table would exceed `ShadowTable.maximumSamples` is drawn in closed form per pixel.
    @Test func rotatedShadowWithoutATableUsesTheClosedForm() throws {
        let shape = RoundedRect(rect: Rect(-1000, -20, 1030, 900), cornerRadius: 10)
        #expect(ShadowTable(shape: shape, sigma: 1) == nil)
        #expect(try worstRotatedError(shape, sigma: 1) <= 0.51)
    }

    private func worstRotatedError(_ shape: RoundedRect, sigma: Double) throws -> Double {
        let t = AffineTransform.rotation(0.5).concatenating(.translation(60, 60))
        let b = try P.render(shadowPlan(shape, sigma: sigma, size: 120, transform: t))
        let inv = t.inverted!
        var worst = 0.0, edges = 0
        for y in 0..<120 {
            for x in 0..<120 {
                let c = ShadowMath.coverage(at: inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5)), of: shape, sigma: sigma)
                if c > 0.01 && c < 0.99 { edges += 1 }
                worst = max(worst, abs(255 * c - Double(b[x, y][3])))
            }
        }
        #expect(edges > 50, "the canvas shows the shadow's edge")
        return worst
    }

    @Test func zeroSigmaIsPlainFill() throws {
        let b = try P.render(shadowPlan(RoundedRect(rect: Rect(10, 10, 20, 20)), sigma: 0, size: 40))
        #expect(b[10, 10][3] == 255 && b[9, 10][3] == 0 && b[29, 29][3] == 255 && b[30, 29][3] == 0)
    }
}
