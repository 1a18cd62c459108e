import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG
import Testing

/// The GPU and CPU paths agree within 1/255 on every pixel of stacked translucent scenes: both blend with
/// the 8-bit blender's arithmetic, compute coverage, filters and shadow tables in the same single-precision
/// operations, and the GPU's combined draws store their parts as separate draws would.
@Suite(.serialized) struct BackendAgreementTests {
    /// The shared benchmark scenes beside the checkout (`../shared/bench`).
    static let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "shared/bench").path

    static func expectAgreement(_ gpu: Bitmap, _ cpu: Bitmap, _ what: String) throws {
        let d = try #require(BitmapDifference(gpu, cpu, threshold: 1))
        #expect(d.maxChannel <= 1, "\(what): gpu vs cpu \(d)")
    }

    @Test func stackedCardsAgree() throws {
        let scene = StackedCards.scene(count: 150, width: 640, height: 400, seed: 7)
        try Self.expectAgreement(try Harness.render(scene, on: "gpu"), try Harness.render(scene, on: "cpu"), "150 stacked cards")
    }

    /// The GPU's separate draws (no fused, card or collapsed-group draws, no batching) agree as well.
    @Test func stackedCardsAgreeWithEveryGPUStrategyOff() throws {
        var options = GLESOptions()
        options.occlusionCulling = false
        options.offscreenAtlas = false
        options.batching = false
        options.shadowFusion = false
        options.groupCollapse = false
        options.replayDraws = false
        let gpu = try GLESBackend(options: options)
        let scene = StackedCards.scene(count: 60, width: 400, height: 300, seed: 11)
        let plan = try LargeStack.run { try RenderPlanner.plan(scene) }
        try Self.expectAgreement(try gpu.render(plan), try CPUBackend().render(plan), "60 stacked cards, strategies off")
    }

    /// Translucent backgrounds cast blurred silhouette shadows; three of them stacked.
    @Test func stackedBlurredShadowsAgree() throws {
        let layers = [(40.3, 30.7), (60.6, 40.2), (52.25, 61.5)].map { x, y in
            Harness.layer(Rect(x, y, 120, 80)) {
                $0.backgroundColor = Color(red: 0.77, green: 0.73, blue: 0.25, alpha: 0.5)
                $0.cornerRadius = 12
                $0.shadowOpacity = 0.5
                $0.shadowOffset = Size(0, 4)
                $0.shadowRadius = 6
            }
        }
        let scene = Harness.scene(220, 170, layers)
        try Self.expectAgreement(try Harness.render(scene, on: "gpu"), try Harness.render(scene, on: "cpu"), "blurred shadows")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: bench + "/cards-1000.json"), "needs ../shared/bench"),
          arguments: ["cards-100.json", "cards-1000.json"])
    func benchmarkCardsAgree(_ name: String) throws {
        let path = Self.bench + "/" + name
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        let scene = try decoder.decode(contentsOfFile: path)
        try Self.expectAgreement(try Harness.render(scene, on: "gpu"), try Harness.render(scene, on: "cpu"), name)
    }
}
