import Lamina
import LaminaExamples
import Testing

@Suite struct ExampleSceneShapeTests {
    /// The chapter's examples (the pages of text, shapes and gradients use layer classes this checker of
    /// the v1 format does not know; the decoder checks them in ExampleSceneDecodingTests).
    static let files = ((try? ExamplesDirectory.sceneFiles()) ?? []).filter { $0.hasPrefix("listing-4.") || $0.hasPrefix("figure-4.") }

    @Test(arguments: files)
    func sceneFollowsTheFormat(file: String) throws {
        let document = try JSONParser.parse(try ExamplesDirectory.bytes(of: file))
        var checker = SceneShapeChecker()
        checker.check(document)
        #expect(checker.problems.isEmpty, "\(file): \(checker.problems)")
        #expect(checker.layerCount >= 2)
        #expect(checker.usedImages == checker.imageNames, "\(file): every declared image is used")
        let assetNames = Set(ExampleAssets.all.map(\.name))
        guard case .object(let top) = document else { return }
        if case .object(let images)? = top["images"] {
            for case (let name, .string(let path)) in images.members {
                #expect(assetNames.contains(String(path.dropFirst("assets/".count))), "\(file): images.\(name) = \(path)")
            }
        }
        #expect(top["background"] == .string("lightGray"))
    }

    @Test func thereAreScenes() {
        #expect(Self.files.count >= 16)
    }
}
