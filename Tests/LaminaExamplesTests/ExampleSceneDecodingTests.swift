import Lamina
import LaminaExamples
import LaminaText
import Testing

@Suite struct ExampleSceneDecodingTests {
    static let files = (try? ExamplesDirectory.sceneFiles()) ?? []

    @Test(arguments: files)
    func sceneDecodesAndPlans(file: String) throws {
        TextStack.install()
        let folder = try StubAssetFolder()
        let decoder = SceneDecoder(imageDecoder: StubAssetFolder.decoder)
        let scene = try decoder.decode(try ExamplesDirectory.bytes(of: file), fileName: file, baseDirectory: folder.path)
        #expect(scene.pixelWidth >= 300 && scene.pixelHeight >= 100)
        #expect(!scene.root.sublayers.isEmpty)
        let plan = try RenderPlanner.plan(scene)
        #expect(plan.width == scene.pixelWidth && plan.height == scene.pixelHeight)
        #expect(!plan.commands.isEmpty)
    }

    @Test func clockDigitsSelectTwelveThirtyFourFiftySix() throws {
        let folder = try StubAssetFolder()
        let decoder = SceneDecoder(imageDecoder: StubAssetFolder.decoder)
        for file in ["listing-4.6-lcd-clock.json", "figure-4.19-lcd-clock-nearest.json"] {
            let scene = try decoder.decode(try ExamplesDirectory.bytes(of: file), fileName: file, baseDirectory: folder.path)
            let origins = scene.root.sublayers.map { ($0.contentsRect.origin.x * 10).rounded() }
            #expect(origins == [1, 2, 3, 4, 5, 6])
        }
    }
}
