import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// Frames built without GL: a `FrameBuilder` on `SymbolicObjects` builds a frame's steps with no display or
/// context, and they read like any value. (RenderingTests' `SymbolicFrameSceneTests` checks that they are the
/// steps the GPU backend builds on its context.)
@Suite("Frames built without GL", .serialized)
struct SymbolicFrameTests {
    /// A builder on symbolic objects, within the limits `info` describes, keeping its steps.
    static func builder(info: GLESInfo, blurFormat: RenderTargetFormat = .r32f, options: GLESOptions = GLESOptions())
        -> (FrameBuilder, SymbolicObjects) {
        let objects = SymbolicObjects()
        let resources = GPUResources(objects: objects, options: options, maxTextureSize: info.maxTextureSize, blurFormat: blurFormat)
        let builder = FrameBuilder(resources: resources, info: info, options: options) { _ in }
        builder.keepsFrameSteps = true
        return (builder, objects)
    }

    static let info = GLESInfo(symbolicRenderer: "symbolic", maxTextureSize: 16384, floatBlurTargets: true,
                               linearFloatTextures: true, destinationFetch: true)

    @Test("a grid of cards builds without a context: one canvas pass of card draws, fewer draws than commands")
    func cardsWithoutAContext() throws {
        let plan = try CanvasBatchesTests.grid(step: 60)
        let (builder, objects) = Self.builder(info: Self.info)
        try builder.build(plan, region: nil)
        let steps = builder.lastFrameSteps
        let passes = FrameSteps.passes(of: steps)
        #expect(passes.count == 1)
        #expect(passes.first?.target == builder.canvas)
        let draws = FrameStepsTests.draws(steps)
        #expect(draws.count < plan.commands.count / 4, "\(draws.count) draws for \(plan.commands.count) commands")
        #expect(draws.contains { $0.program.shader == .card || $0.program.shader == .cardImage })
        #expect(draws.filter { $0.program.shader == .card || $0.program.shader == .cardImage }.allSatisfy { !$0.blending },
                "with destination fetch, cards blend their parts themselves")
        #expect(objects.live.values.contains("target 620×380 rgba8"), "the canvas: \(objects.live)")
    }

    @Test("objects made for a frame are given back when it ends: only the canvas, pages and caches stay")
    func objectsGivenBack() throws {
        let group = Offscreen(width: 60, height: 40, reason: .groupOpacity(layer: "g"))
        let plan = RenderPlan(width: 120, height: 80, clearColor: TestSupport.white, offscreens: [group], commands: [
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 40, 30), radius: 6, color: TestSupport.red),
            .endOffscreen,
            .blurredShadow(BlurredShadow(source: .offscreen(0), origin: PixelPoint(x: 30, y: 30), offset: Point(0, 4), sigma: 6,
                                         color: TestSupport.black, clip: .none)),
            OffscreenTests.composite(0, at: Rect(30, 30, 60, 40), opacity: 0.5),
        ])
        var options = GLESOptions()
        options.offscreenAtlas = false
        let (builder, objects) = Self.builder(info: Self.info, options: options)
        try builder.build(plan, region: nil)
        let afterOne = objects.counts
        for _ in 0..<5 { try builder.build(plan, region: nil) }
        #expect(objects.counts == afterOne, "\(objects.live)")
        let passes = FrameSteps.passes(of: builder.lastFrameSteps)
        #expect(passes.count >= 4, "canvas, the group, blur passes, the canvas again: \(passes.map(\.target))")
        #expect(passes.last?.target == builder.canvas)
    }
}
