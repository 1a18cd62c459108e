import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// However a frame's damage is grouped for drawing (`RedrawPolicy`), every incremental frame equals a full
/// redraw and reports the same damage.
@Suite("Redraw policies of incremental frames", .serialized)
struct RedrawPolicyTests {
    static let policies = [RedrawPolicy(maxRects: 1, fullRedrawFraction: 2), RedrawPolicy(maxRects: 3, fullRedrawFraction: 2),
                           RedrawPolicy(maxRects: 32, fullRedrawFraction: 0), RedrawPolicy(maxRects: 32, fullRedrawFraction: 0.02)]

    @Test("merged rects or the whole canvas: each frame equals a full redraw, the damage is unchanged",
          arguments: Harness.backends, policies)
    func samePixelsSameDamage(_ name: String, _ policy: RedrawPolicy) throws {
        let scene = { (n: Int) in Self.scattered(frame: n) }
        let expected = try Harness.expectIncrementalEqualsFull(on: name, frames: 5, scene)
        let damages = try Harness.expectIncrementalEqualsFull(on: name, frames: 5, policy: policy, scene)
        #expect(damages == expected)
        #expect(expected.dropFirst().allSatisfy { $0.rects.count > 3 }, "the damage should need merging")
    }

    @Test("a renderer's policy is the standard one unless given another; a third of the canvas changed is redrawn whole",
          arguments: Harness.backends)
    func standardPolicy(_ name: String) throws {
        let backend: any RenderBackend = name == "cpu" ? CPUBackend() : try Harness.freshGPU()
        let renderer = IncrementalRenderer(backend: backend, budget: nil)
        #expect(renderer.redrawPolicy == .standard)
        var scene = CardsIncrementalTests.scene(frame: 0)
        try renderer.render(scene)
        scene.root.sublayers[0].position.x += 3
        try renderer.render(scene)
        #expect(renderer.lastTimings.restrict > 0, "a small damage is drawn through a limited plan")
        for i in scene.root.sublayers.indices { scene.root.sublayers[i].position.y += 5 }
        let frame = try renderer.render(scene)
        #expect(frame.damage.fraction >= 1.0 / 3.0)
        #expect(renderer.lastTimings.restrict == 0, "a large damage is drawn whole")
        let diff = IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try Harness.render(scene, on: name))
        #expect(diff == 0)
    }

    /// The cards of `CardsIncrementalTests`, with five scattered cards moving each frame.
    static func scattered(frame n: Int) -> Scene {
        var scene = CardsIncrementalTests.scene(frame: 0)
        for i in [2, 13, 27, 38, 45] {
            scene.root.sublayers[i].position.x += Double(n) * Double(2 + i % 3)
        }
        return scene
    }
}
