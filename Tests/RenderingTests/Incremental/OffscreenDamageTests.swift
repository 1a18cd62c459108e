import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// Incremental frames whose damage cuts through layers drawn as surfaces: wide opacity groups, masked
/// layers, content-shaped (blurred) shadows and rotated groups. A damage rect's copy of the plan draws only
/// the pixels of each offscreen that the damage samples (`RenderPlan.restricted(to:)`), and every frame must
/// still equal a full redraw exactly, on both backends.
@Suite("Incremental frames through offscreens", .serialized)
struct OffscreenDamageTests {
    static let tile = Harness.image(32, 32) { x, y in SIMD4(x / 32, 0.3, y / 32, (x + y) < 40 ? 1 : 0.4) }

    /// Surfaces wider than the damage: a group of overlapping bars, a masked photo, a silhouette shadow of
    /// an image with transparency, a rotated group; and a small card moving over all of them.
    static func scene(frame n: Int) -> Scene {
        let group = Harness.layer(Rect(10, 10, 300, 60)) {
            $0.opacity = 0.6
            $0.sublayers = (0..<6).map { i in
                Harness.layer(Rect(Double(i) * 45, Double(i % 2) * 12, 70, 40)) {
                    $0.backgroundColor = Color(red: 0.1 * Double(i), green: 0.6, blue: 0.9 - 0.1 * Double(i))
                    $0.cornerRadius = 9
                    $0.borderWidth = 1.5
                }
            }
        }
        let masked = Harness.layer(Rect(20, 80, 260, 50)) {
            $0.contents = tile
            $0.mask = Harness.layer(Rect(0, 0, 260, 50)) {
                $0.backgroundColor = .black
                $0.cornerRadius = 25
            }
        }
        let silhouette = Harness.layer(Rect(40, 140, 220, 40)) {
            $0.contents = tile
            $0.shadowOpacity = 0.7
            $0.shadowRadius = 7
            $0.shadowOffset = Size(2, 4)
        }
        let rotated = Harness.layer(Rect(180, 30, 120, 120)) {
            $0.affineTransform = .rotation(0.35)
            $0.opacity = 0.8
            $0.sublayers = [Harness.layer(Rect(0, 0, 120, 120)) { $0.backgroundColor = Color(red: 0.9, green: 0.5, blue: 0.1); $0.cornerRadius = 20 },
                            Harness.layer(Rect(30, 30, 60, 60)) { $0.contents = tile }]
        }
        let mover = Harness.layer(Rect(5 + Double(n) * 31, 20 + Double(n) * 17, 36, 28)) {
            $0.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.25)
            $0.cornerRadius = 6
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 3
        }
        return Harness.scene(320, 200, [group, masked, silhouette, rotated, mover])
    }

    @Test("a card moving across groups, masks and silhouettes: every frame equals a full redraw", arguments: Harness.backends)
    func movingAcrossSurfaces(_ name: String) throws {
        try Harness.expectIncrementalEqualsFull(on: name, frames: 8, Self.scene(frame:))
    }

    @Test("a damage rect's copy draws only the part of each offscreen it samples")
    func offscreensDrawnInPart() throws {
        let plan = try RenderPlanner.plan(Self.scene(frame: 3))
        let damage = SceneDamage.between(Self.scene(frame: 2), Self.scene(frame: 3))
        #expect(!damage.isEmpty && damage.fraction < 0.2)
        let restricted = try plan.restricted(to: damage)
        let tree = try SurfaceTree(restricted)
        var limited = 0, whole = 0
        for (id, surface) in tree.surfaces.enumerated() {
            let o = restricted.offscreens[id]
            for i in (surface.begin + 1)..<surface.end {
                guard let reach = restricted.commands[i].reach(offscreens: restricted.offscreens) else { continue }
                if reach.width < Double(o.width) || reach.height < Double(o.height) { limited += 1 } else { whole += 1 }
            }
        }
        #expect(restricted.offscreens.count >= 3, "the damage reads the group, the mask and the silhouette")
        #expect(limited > 0, "draws inside offscreens are limited to what the damage samples")
        let full = try plan.restricted(to: .full(width: plan.width, height: plan.height))
        #expect(full.commands.count == plan.commands.count, "the whole canvas needs every offscreen whole")
    }
}
