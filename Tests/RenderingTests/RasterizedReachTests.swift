import Lamina
import Testing

/// shouldRasterize at a tiny `rasterizationScale`: the offscreen is at least 1×1 px, and drawn back one
/// of its pixels covers 1/scale points. Found by the cpu fuzz target (Fuzz/crashes/
/// cpu-rasterization-scale-1e-27-reversed-range.bin): at a scale of 1.65e-27 the composite reached 6e26 px
/// and the CPU trapped on a reversed range. The planner refuses such a layer as bad input; scales whose
/// pixels stay within `Limits.maxCoordinate` still render on both backends. A rasterized layer wholly
/// off the canvas emits nothing (the gpu fuzz target found one whose 7730×7878 offscreen with a blurred
/// path mask, all of it below the canvas, took over 10 s: Fuzz/crashes/gpu-offcanvas-rasterized-…).
@Suite(.serialized) struct RasterizedReachTests {
    static func scene(rasterizationScale: Double) -> Scene {
        Harness.scene(40, 40, [Harness.layer(Rect(5, 5, 30, 41)) {
            $0.backgroundColor = Color(red: 0, green: 0, blue: 1)
            $0.contents = Harness.checker(size: 8, cell: 2)
            $0.shouldRasterize = true
            $0.rasterizationScale = rasterizationScale
        }])
    }

    @Test(arguments: [1.65e-27, 1e-12, .leastNonzeroMagnitude])
    func pixelsPastTheCoordinateLimitAreRefused(scale: Double) throws {
        let scene = Self.scene(rasterizationScale: scale)
        for backend in Harness.backends {
            do {
                _ = try Harness.render(scene, on: backend)
                Issue.record("\(backend): rendered a rasterized layer whose pixel covers \(1 / scale) pt")
            } catch let error as RenderError {
                #expect(error.kind == .badInput)
                #expect(error.message.contains("root.sublayers[0].rasterizationScale"), "\(error.message)")
            }
        }
    }

    @Test func tinyScalesWithinTheLimitRender() throws {
        let scene = Self.scene(rasterizationScale: 1e-6)
        let plan = try RenderPlanner.plan(scene)
        #expect(plan.offscreens.count == 1 && plan.offscreens[0].width == 1 && plan.offscreens[0].height == 1)
        for backend in Harness.backends {
            let bitmap = try Harness.render(scene, on: backend)
            #expect(bitmap.width == 40 && bitmap.height == 40)
            #expect(bitmap[2, 2] == SIMD4(255, 255, 255, 255), "\(backend): outside the layer stays background")
            #expect(bitmap[20, 20] == bitmap[39, 39], "\(backend): one offscreen pixel covers the rest of the canvas")
        }
    }

    @Test func offCanvasRasterizedLayerEmitsNothing() throws {
        let far = Harness.layer(Rect(0, 200, 3000, 3000)) {
            $0.backgroundColor = Color(red: 0, green: 0, blue: 1)
            $0.shadowOpacity = 1
            $0.shadowPath = .ellipse(Rect(0, 0, 3000, 3000))
            $0.shouldRasterize = true
            $0.rasterizationScale = 2
        }
        let plan = try RenderPlanner.plan(Harness.scene(80, 80, [far]))
        #expect(plan.offscreens.isEmpty && plan.commands.isEmpty, "\(plan)")
        var near = far
        near.position.y -= 1600
        let visible = try RenderPlanner.plan(Harness.scene(80, 80, [near]))
        #expect(visible.offscreens.count == 1, "a rasterized layer reaching the canvas keeps its offscreen")
    }
}
