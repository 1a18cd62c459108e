import Lamina
import Testing
@testable import LaminaCPU

@Suite struct ShapeTests {
    typealias P = PlanBuilding

    @Test func cornerOutsideRadiusKeepsClearColor() throws {
        let plan = RenderPlan(width: 100, height: 100, clearColor: P.blue,
                              commands: [P.fill(Rect(10, 10, 80, 80), radius: 20, color: P.white)])
        let b = try P.render(plan)
        #expect(b[10, 10] == SIMD4(0, 0, 255, 255))
        #expect(b[12, 12] == SIMD4(0, 0, 255, 255))
        #expect(b[89, 89] == SIMD4(0, 0, 255, 255))
        #expect(b[50, 50] == SIMD4(255, 255, 255, 255))
        #expect(b[50, 10] == SIMD4(255, 255, 255, 255))
        // Pixel (12, 20) has its center 19.91 px from the corner circle's center (30, 30): partly covered.
        let edge = b[12, 20]
        #expect(edge[0] > 0 && edge[0] < 255 && edge[2] == 255)
    }

    @Test func pixelAlignedEdgesAreExact() throws {
        let plan = RenderPlan(width: 40, height: 40, clearColor: .transparent,
                              commands: [P.fill(Rect(10, 12, 17, 9), color: P.red)])
        let b = try P.render(plan)
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 10 && x < 27 && y >= 12 && y < 21
                #expect(b[x, y] == (inside ? SIMD4(255, 0, 0, 255) : SIMD4(0, 0, 0, 0)), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfPixelEdgeIsHalfCovered() throws {
        let plan = RenderPlan(width: 20, height: 20, clearColor: .transparent,
                              commands: [P.fill(Rect(5, 5, 5.5, 10), color: P.white)])
        let b = try P.render(plan)
        #expect(b[10, 8] == SIMD4(128, 128, 128, 128))
        #expect(b[9, 8] == SIMD4(255, 255, 255, 255))
    }

    @Test func borderPixelsHaveBorderColor() throws {
        let outer = RoundedRect(rect: Rect(10, 10, 60, 40), cornerRadius: 12)
        let border = Border(outer: outer, width: 4, transform: .identity, color: P.red, clip: .none)
        let plan = RenderPlan(width: 80, height: 60, clearColor: P.white,
                              commands: [P.fill(Rect(10, 10, 60, 40), radius: 12, color: P.blue), .border(border)])
        let b = try P.render(plan)
        for x in [30, 40, 50] { for y in 10..<14 { #expect(b[x, y] == SIMD4(255, 0, 0, 255)) } }
        for y in [25, 30] { for x in 66..<70 { #expect(b[x, y] == SIMD4(255, 0, 0, 255)) } }
        #expect(b[40, 30] == SIMD4(0, 0, 255, 255))
        #expect(b[40, 14] == SIMD4(0, 0, 255, 255))
        #expect(b[10, 10] == SIMD4(255, 255, 255, 255))
    }

    @Test func roundedRectClip() throws {
        let clipShape = Clip.Shape(shape: RoundedRect(rect: Rect(20, 20, 60, 60), cornerRadius: 30), transform: .identity)
        let clip = Clip(scissor: PixelRect(x: 0, y: 0, width: 100, height: 70), shapes: [clipShape])
        let plan = RenderPlan(width: 100, height: 100, clearColor: .transparent,
                              commands: [P.fill(Rect(0, 0, 100, 100), color: P.red, clip: clip)])
        let b = try P.render(plan)
        #expect(b[50, 50] == SIMD4(255, 0, 0, 255))
        #expect(b[50, 21] == SIMD4(255, 0, 0, 255))
        #expect(b[22, 22] == SIMD4(0, 0, 0, 0))
        #expect(b[50, 75] == SIMD4(0, 0, 0, 0), "outside the scissor")
        #expect(b[50, 69] == SIMD4(255, 0, 0, 255))
        #expect(b[19, 50] == SIMD4(0, 0, 0, 0))
        // Pixel (29, 28) has its center 29.78 px from the clip circle's center: partly covered.
        let a = Int(b[29, 28][3])
        #expect(a > 0 && a < 255)
    }

    @Test func rotatedFillMatchesCoverageFormula() throws {
        let t = AffineTransform.rotation(0.3).concatenating(.translation(50, 50))
        let shape = RoundedRect(rect: Rect(-20, -10, 40, 20), cornerRadius: 6)
        let plan = RenderPlan(width: 100, height: 100, clearColor: .transparent,
                              commands: [.fill(Fill(shape: shape, transform: t, color: P.white, clip: .none))])
        let b = try P.render(plan)
        let inv = t.inverted!
        var worst = 0.0
        for y in 0..<100 {
            for x in 0..<100 {
                let d = shape.signedDistance(to: inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5)))
                let expected = min(max(0.5 - d, 0), 1) * 255
                worst = max(worst, abs(expected - Double(b[x, y][3])))
            }
        }
        #expect(worst <= 0.51)
    }

    @Test func continuousCornersMatchSignedDistance() throws {
        let shape = RoundedRect(rect: Rect(5.3, 7.1, 70, 50), cornerRadius: 14, curve: .continuous)
        let plan = RenderPlan(width: 90, height: 70, clearColor: .transparent,
                              commands: [.fill(Fill(shape: shape, transform: .scale(1, 1), color: P.white, clip: .none))])
        let b = try P.render(plan)
        var worst = 0.0
        for y in 0..<70 {
            for x in 0..<90 {
                let d = shape.signedDistance(to: Point(Double(x) + 0.5, Double(y) + 0.5))
                worst = max(worst, abs(min(max(0.5 - d, 0), 1) * 255 - Double(b[x, y][3])))
            }
        }
        #expect(worst <= 0.51)
    }
}
