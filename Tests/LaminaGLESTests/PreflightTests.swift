import Lamina
@testable import LaminaGLES
import Testing

/// A plan whose textures this GPU cannot hold is bad input, refused before any GL call, and the
/// backend draws the next plan as if nothing had happened.
@Suite struct PreflightTests {
    static func plan(offscreenWidth: Int) -> RenderPlan {
        RenderPlan(width: 32, height: 32, clearColor: TestSupport.white,
                   offscreens: [Offscreen(width: offscreenWidth, height: 8, reason: .groupOpacity(layer: "wide"))],
                   commands: [.beginOffscreen(0), TestSupport.fill(Rect(0, 0, 8, 8), color: TestSupport.red), .endOffscreen,
                              .image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 8, 8), sourceRect: Rect(0, 0, 1, 1),
                                               transform: .identity, sampling: .nearest, opacity: 1, clip: .none))])
    }

    @Test func oversizedTexturesAreBadInputAndLeaveTheBackendWorking() throws {
        let gpu = try TestSupport.backend()
        let limit = gpu.info.maxTextureSize
        do {
            try gpu.execute(PreflightTests.plan(offscreenWidth: limit + 1))
            Issue.record("an offscreen of \(limit + 1) px was accepted")
        } catch let e as RenderError {
            #expect(e.kind == .badInput)
            #expect(e.message.contains("offscreen 0 (group opacity of wide) is \(limit + 1)×8 px"), "\(e.message)")
            #expect(e.message.hasSuffix("at most \(limit) px a side (GL_MAX_TEXTURE_SIZE)"), "\(e.message)")
        }
        let next = try gpu.render(PreflightTests.plan(offscreenWidth: 8))
        #expect(next[2, 2] == SIMD4(255, 0, 0, 255))
        #expect(next[20, 20] == SIMD4(255, 255, 255, 255))
    }
}
