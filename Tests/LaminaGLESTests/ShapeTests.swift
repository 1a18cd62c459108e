import Lamina
import Testing
@testable import LaminaGLES

@Suite("Fills, borders and clips on the GPU", .serialized)
struct ShapeTests {
    @Test("a rounded fill leaves corner pixels outside the radius at the clear color")
    func roundedCornerStaysClear() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 40, height: 40, clearColor: TestSupport.white,
                              commands: [TestSupport.fill(Rect(5, 5, 30, 30), radius: 10, color: TestSupport.red)])
        let out = try backend.render(plan)
        for (x, y) in [(5, 5), (34, 5), (5, 34), (34, 34), (6, 6)] {
            #expect(out[x, y] == SIMD4(255, 255, 255, 255), "corner pixel (\(x), \(y))")
        }
        #expect(out[20, 20] == SIMD4(255, 0, 0, 255))
        #expect(out[5, 20] == SIMD4(255, 0, 0, 255))
        #expect(out[4, 20] == SIMD4(255, 255, 255, 255))
        #expect(out[7, 8][1] > 60 && out[7, 8][1] < 160, "anti-aliased arc pixel (coverage ≈ 0.58)")
    }

    @Test("pixel-aligned rectangle edges are exact and rows are top-down")
    func alignedEdgesExact() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 40, height: 30, clearColor: .transparent,
                              commands: [TestSupport.fill(Rect(10, 4, 20, 6), color: TestSupport.blue)])
        let out = try backend.render(plan)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = x >= 10 && x < 30 && y >= 4 && y < 10
                #expect(out[x, y] == (inside ? SIMD4(0, 0, 255, 255) : SIMD4(0, 0, 0, 0)), "pixel (\(x), \(y))")
            }
        }
    }

    @Test("a half-pixel edge gives half coverage; translucent colors blend source-over")
    func halfCoverageAndBlending() throws {
        let backend = try TestSupport.backend()
        let half = PremultipliedColor(red: 0, green: 0.5, blue: 0, alpha: 0.5)
        let plan = RenderPlan(width: 20, height: 10, clearColor: TestSupport.red, commands: [
            TestSupport.fill(Rect(5.5, 0, 10, 10), color: TestSupport.blue),
            TestSupport.fill(Rect(0, 0, 5, 10), color: half),
        ])
        let out = try backend.render(plan)
        #expect(abs(Int(out[5, 5][2]) - 128) <= 1 && abs(Int(out[5, 5][0]) - 128) <= 1)
        #expect(out[6, 5] == SIMD4(0, 0, 255, 255))
        #expect(abs(Int(out[2, 5][0]) - 128) <= 1 && abs(Int(out[2, 5][1]) - 128) <= 1 && out[2, 5][3] == 255)
    }

    @Test("border pixels have the border color and the inside stays clear")
    func borderPixels() throws {
        let backend = try TestSupport.backend()
        let outer = RoundedRect(rect: Rect(0, 0, 40, 40), cornerRadius: 8)
        let plan = RenderPlan(width: 40, height: 40, clearColor: .transparent, commands: [
            .border(Border(outer: outer, width: 4, transform: .identity, color: TestSupport.green, clip: .none)),
        ])
        let out = try backend.render(plan)
        for (x, y) in [(0, 20), (3, 20), (39, 20), (20, 0), (20, 3), (20, 36), (20, 39)] {
            #expect(out[x, y] == SIMD4(0, 255, 0, 255), "border pixel (\(x), \(y))")
        }
        for (x, y) in [(4, 20), (20, 4), (20, 20), (35, 20)] {
            #expect(out[x, y] == SIMD4(0, 0, 0, 0), "inside pixel (\(x), \(y))")
        }
        #expect(out[0, 0] == SIMD4(0, 0, 0, 0))
    }

    @Test("a rounded-rect clip and a scissor limit a fill")
    func roundedClip() throws {
        let backend = try TestSupport.backend()
        let circle = Clip.Shape(shape: RoundedRect(rect: Rect(10, 10, 20, 20), cornerRadius: 10), transform: .identity)
        let clip = Clip(scissor: PixelRect(x: 0, y: 0, width: 25, height: 40), shapes: [circle])
        let plan = RenderPlan(width: 40, height: 40, clearColor: .transparent,
                              commands: [TestSupport.fill(Rect(0, 0, 40, 40), color: TestSupport.red, clip: clip)])
        let out = try backend.render(plan)
        #expect(out[20, 20] == SIMD4(255, 0, 0, 255))
        #expect(out[11, 20] == SIMD4(255, 0, 0, 255))
        #expect(out[10, 20][3] >= 250, "edge pixel, coverage 0.99")
        #expect(out[11, 11] == SIMD4(0, 0, 0, 0), "outside the circle")
        #expect(out[5, 20] == SIMD4(0, 0, 0, 0), "outside the clip shape")
        #expect(out[24, 20] == SIMD4(255, 0, 0, 255))
        #expect(out[25, 20] == SIMD4(0, 0, 0, 0), "outside the scissor")
        let a = Int(out[12, 13][3])
        #expect(a > 0 && a < 255, "anti-aliased clip edge")
    }

    @Test("a clip shape under a rotation uses its own inverse transform")
    func transformedClip() throws {
        let backend = try TestSupport.backend()
        let rotate = AffineTransform.rotation(.pi / 4).concatenating(.translation(20, 20))
        let diamond = Clip.Shape(shape: RoundedRect(rect: Rect(-8, -8, 16, 16)), transform: rotate)
        let plan = RenderPlan(width: 40, height: 40, clearColor: .transparent, commands: [
            TestSupport.fill(Rect(0, 0, 40, 40), color: TestSupport.red, clip: Clip(shapes: [diamond])),
        ])
        let out = try backend.render(plan)
        #expect(out[19, 19][3] == 255)
        #expect(out[19, 11][3] == 255, "near the top tip of the diamond")
        #expect(abs(Int(out[19, 9][3]) - 183) <= 3, "coverage 0.72 at the tip")
        #expect(out[10, 10][3] == 0, "corner of the unrotated square is outside the diamond")
    }

    @Test("more clip shapes than the shader supports is a clear error")
    func tooManyClipShapes() throws {
        let backend = try TestSupport.backend()
        let shape = Clip.Shape(shape: RoundedRect(rect: Rect(0, 0, 10, 10)), transform: .identity)
        let plan = RenderPlan(width: 10, height: 10, clearColor: .transparent, commands: [
            TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.red, clip: Clip(shapes: Array(repeating: shape, count: 9))),
        ])
        #expect(throws: GLESError.self) { try backend.execute(plan) }
        let eight = RenderPlan(width: 10, height: 10, clearColor: .transparent, commands: [
            TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.red, clip: Clip(shapes: Array(repeating: shape, count: 8))),
        ])
        #expect(try backend.render(eight)[5, 5] == SIMD4(255, 0, 0, 255))
    }
}
