import Foundation
@testable import Lamina
import LaminaPNG
import LaminaText
import Testing

/// The plan tree (`PlanTree`) of every example and bench scene, whole and restricted to damage rects.
@Suite struct PlanTreeSceneTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sceneFiles() throws -> [String] {
        try ["Examples", "Benchmarks/Scenes"].flatMap { dir in
            try FileManager.default.contentsOfDirectory(atPath: repository.appending(path: dir).path)
                .filter { $0.hasSuffix(".json") && $0 != "index.json" }.sorted().map { dir + "/" + $0 }
        }
    }

    /// The commands of `items` in the order the tree holds them, parts in compositing order.
    static func flattened(_ items: [PlanItem]) -> [Int] {
        items.flatMap { item -> [Int] in
            switch item {
            case .draw(let i): return [i]
            case .surface(let s): return [s.begin] + flattened(s.items) + [s.end]
            case .layer(let l):
                return flattened(l.shadow) + (l.background.map { [$0] } ?? []) + flattened(l.contents)
                    + flattened(l.sublayers) + (l.border.map { [$0] } ?? [])
            }
        }
    }

    static func layerCount(_ tree: PlanTree) -> Int {
        var count = 0
        PlanTree.forEachLayer(in: tree.canvas) { _ in count += 1 }
        return count
    }

    @Test("each scene's tree, and its plan restricted to two damage rects, holds every command once in plan order and every drawn layer, and carries its offscreens' tree")
    func everyCommandOnce() throws {
        TextStack.install()
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        let files = try Self.sceneFiles()
        #expect(files.count >= 30)
        for file in files {
            let plan = try RenderPlanner.plan(try decoder.decode(contentsOfFile: Self.repository.appending(path: file).path))
            let region = DamageRegion(boxes: [Rect(0, 0, Double(plan.width) / 3, Double(plan.height) / 2),
                                              Rect(Double(plan.width) / 2, Double(plan.height) / 3, 40, 40)],
                                      width: plan.width, height: plan.height)
            for (name, p) in [("whole", plan), ("restricted", try plan.restricted(to: region))] {
                let tree = try p.tree()
                #expect(Self.flattened(tree.canvas) == Array(p.commands.indices), "\(file) \(name)")
                #expect(Self.layerCount(tree) == p.layers.filter { $0.drawnSpan != nil }.count, "\(file) \(name)")
                #expect(tree.allSurfaces().count == p.offscreens.count, "\(file) \(name)")
                #expect(try p.surfaceTree() == SurfaceTree(p), "\(file) \(name): the offscreen tree carried with the plan is the one its commands make")
            }
        }
    }
}
