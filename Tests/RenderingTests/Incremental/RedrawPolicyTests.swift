import Foundation
import Lamina
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

    @Test("a software rasterizer draws the damage's own rects; options choose otherwise")
    func chosenByRasterizer() throws {
        let software = try GLESBackend()
        try #require(software.info.isSoftwareRasterizer, "llvmpipe expected")
        #expect(software.redrawPolicy == .fillBound)
        var options = GLESOptions()
        options.redrawPolicy = RedrawPolicy(maxRects: 2, fullRedrawFraction: 0.5)
        #expect(try GLESBackend(options: options).redrawPolicy == RedrawPolicy(maxRects: 2, fullRedrawFraction: 0.5))
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
