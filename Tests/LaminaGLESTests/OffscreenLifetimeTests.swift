import Lamina
import Testing
@testable import LaminaGLES

@Suite("Offscreen targets return to the pool after their last read", .serialized)
struct OffscreenLifetimeTests {
    /// `count` group-opacity offscreens of one size, each filled and composited once, side by side.
    static func plan(count: Int) -> RenderPlan {
        var commands: [DrawCommand] = []
        for i in 0..<count {
            let color = PremultipliedColor(red: Double(i) / Double(count), green: 0.5, blue: 0, alpha: 1)
            commands += [.beginOffscreen(i), TestSupport.fill(Rect(0, 0, 8, 8), color: color), .endOffscreen,
                         .image(ImageDraw(source: .offscreen(i), destination: Rect(0, 0, 8, 8), sourceRect: Rect(0, 0, 1, 1),
                                          transform: .translation(Double(i * 8), 0), sampling: .nearest, opacity: 0.5, clip: .none))]
        }
        return RenderPlan(width: count * 8, height: 8, clearColor: TestSupport.white,
                          offscreens: (0..<count).map { _ in Offscreen(width: 8, height: 8, reason: .groupOpacity(layer: "g")) },
                          commands: commands)
    }

    @Test("last reads are found at the composites")
    func lastReads() throws {
        let releasable = try SurfaceTree(OffscreenLifetimeTests.plan(count: 3)).releasePoints()
        #expect(releasable == [3: [0], 7: [1], 11: [2]])
    }

    @Test("thirty offscreens of one size share one target and composite correctly")
    func targetsAreReused() throws {
        let backend = try TestSupport.backend()
        let out = try backend.render(OffscreenLifetimeTests.plan(count: 30))
        #expect(backend.liveObjectCounts.framebuffers <= 4, "\(backend.liveObjectCounts)")
        for i in 0..<30 {
            let red = Int((Double(i) / 30 * 255).rounded())
            let expected = Int((Double(red) / 2 + 127.5).rounded())
            #expect(abs(Int(out[i * 8 + 4, 4][0]) - expected) <= 1, "offscreen \(i)")
            #expect(abs(Int(out[i * 8 + 4, 4][1]) - 192) <= 1)
        }
    }
}
