import CGLES3
import Lamina
import Testing
@testable import LaminaGLES

@Suite("The GPU frame as steps: built as values, then issued", .serialized)
struct FrameStepsTests {
    /// Renders `plan` keeping the frame's steps; returns the pixels and the steps.
    static func renderKeepingSteps(_ plan: RenderPlan, on backend: GLESBackend) throws -> (Bitmap, [GPUStep]) {
        backend.keepsFrameSteps = true
        let pixels = try backend.render(plan)
        return (pixels, backend.lastFrameSteps)
    }

    static func draws(_ steps: [GPUStep]) -> [GPUDraw] {
        steps.compactMap { if case .draw(let d) = $0 { d } else { nil } }
    }

    @Test("issuing a frame's kept steps again onto a repainted canvas gives the same pixels: the steps are the whole frame")
    func stepsAreTheFrame() throws {
        let backend = try TestSupport.backend()
        let plan = try CanvasBatchesTests.grid(step: 60)
        let (first, steps) = try Self.renderKeepingSteps(plan, on: backend)
        let other = RenderPlan(width: plan.width, height: plan.height, clearColor: TestSupport.red, offscreens: [], commands: [
            TestSupport.fill(Rect(20, 20, 200, 200), radius: 30, color: TestSupport.blue)])
        backend.keepsFrameSteps = false
        let repainted = try backend.render(other)
        #expect(repainted != first)
        try backend.connection.makeCurrent()
        backend.issuer.issue(steps)
        glFinish()
        backend.connection.releaseCurrent()
        #expect(try backend.readBack() == first)
    }

    @Test("opacity groups of one card and canvas cards: one pass onto the canvas, fewer draws than commands")
    func cardsOnePass() throws {
        let backend = try TestSupport.backend()
        let plan = try CanvasBatchesTests.grid(step: 60)
        #expect(plan.offscreens.count == 8)
        let (_, steps) = try Self.renderKeepingSteps(plan, on: backend)
        let passes = FrameSteps.passes(of: steps)
        #expect(passes.count == 1, "\(passes.map(\.target))")
        #expect(passes.first?.target.framebuffer == backend.canvas?.framebuffer)
        guard case .clear(_, nil, let color)? = steps.first else { Issue.record("the frame starts with \(String(describing: steps.first))"); return }
        #expect(color == TestSupport.white)
        let draws = Self.draws(steps)
        #expect(draws.count < plan.commands.count, "\(draws.count) draws for \(plan.commands.count) commands")
        #expect(draws.contains { $0.program.shader == .card || $0.program.shader == .cardImage })
    }

    @Test("an opacity group and a blur: the offscreen is a pass of its own, blur passes store without blending, the composite lands on the canvas")
    func offscreenAndBlurPasses() throws {
        let backend = try TestSupport.backend()
        backend.options.offscreenAtlas = false
        let group = Offscreen(width: 60, height: 40, reason: .groupOpacity(layer: "g"))
        let plan = RenderPlan(width: 120, height: 80, clearColor: TestSupport.white, offscreens: [group], commands: [
            TestSupport.fill(Rect(0, 0, 120, 10), color: TestSupport.green),
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 40, 30), radius: 6, color: TestSupport.red),
            TestSupport.fill(Rect(20, 10, 40, 30), radius: 6, color: TestSupport.red),
            .endOffscreen,
            .blurredShadow(BlurredShadow(source: .offscreen(0), origin: PixelPoint(x: 30, y: 30), offset: Point(0, 4), sigma: 6,
                                         color: TestSupport.black, clip: .none)),
            OffscreenTests.composite(0, at: Rect(30, 30, 60, 40), opacity: 0.5),
        ])
        let (_, steps) = try Self.renderKeepingSteps(plan, on: backend)
        let canvas = try #require(backend.canvas)
        let passes = FrameSteps.passes(of: steps)
        #expect(passes.first?.target.framebuffer == canvas.framebuffer)
        #expect(passes.last?.target.framebuffer == canvas.framebuffer)
        let offscreen = try #require(passes.dropFirst().first)
        #expect(offscreen.target.width == 60 && offscreen.target.height == 40)
        guard case .clear(_, nil, let color)? = offscreen.steps.first else { Issue.record("the offscreen pass starts with \(offscreen.steps)"); return }
        #expect(color == .transparent)
        let blur = Self.draws(steps).filter { [.blurPass, .blurDownsample].contains($0.program.shader) }
        #expect(blur.count >= 2, "two directions at least")
        #expect(blur.allSatisfy { !$0.blending && $0.target.framebuffer != canvas.framebuffer && $0.quadCount == 1 })
        let composites = Self.draws(steps).filter { $0.target.framebuffer == canvas.framebuffer && !$0.textures.isEmpty }
        #expect(composites.count == 2, "the blurred shadow and the group's composite: \(composites.map(\.program))")
    }

    @Test("the frame flushes every 64 commands: 200 fills drawn one by one make three flushes")
    func flushes() throws {
        let backend = try TestSupport.backend()
        backend.options.batching = false
        let fills = (0..<200).map { i in
            TestSupport.fill(Rect(Double(i % 20) * 10, Double(i / 20) * 10, 8, 8), radius: 2, color: TestSupport.blue)
        }
        let plan = RenderPlan(width: 200, height: 100, clearColor: TestSupport.white, offscreens: [], commands: fills)
        let (_, steps) = try Self.renderKeepingSteps(plan, on: backend)
        let flushes = steps.filter { if case .flush = $0 { true } else { false } }.count
        #expect(flushes == 3)
        #expect(Self.draws(steps).count >= 200)
    }
}
