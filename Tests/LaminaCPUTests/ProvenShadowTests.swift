import Lamina
import Testing
@testable import LaminaCPU

/// The closed-form shadow the planner proves for a layer whose sublayers draw inside its opaque
/// background (`SilhouetteProof`) draws what the silhouette offscreen and blur drew.
@Suite struct ProvenShadowTests {
    /// A shadow caster with an opaque white rect background, a half-transparent card inside, and a
    /// faint 2×2 speck at `speck` (inside the background proves the shadow, across its edge does not).
    static func scene(speck: Point) -> Scene {
        func layer(_ frame: Rect, _ configure: (inout Layer) -> Void) -> Layer {
            var l = Layer()
            l.setFrame(frame)
            configure(&l)
            return l
        }
        let caster = layer(Rect(40, 30, 120, 80)) {
            $0.backgroundColor = .white
            $0.shadowOpacity = 0.8
            $0.shadowOffset = Size(3, 5)
            $0.shadowRadius = 6
            $0.sublayers = [
                layer(Rect(20, 20, 60, 30)) { $0.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9); $0.cornerRadius = 8; $0.opacity = 0.5 },
                layer(Rect(speck.x, speck.y, 2, 2)) { $0.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.004) },
            ]
        }
        return Scene(width: 200, height: 150, root: layer(Rect(0, 0, 200, 150)) { $0.backgroundColor = .white; $0.sublayers = [caster] })
    }

    @Test("proven closed form and silhouette blur agree within 2/255")
    func provenShadowMatchesTheSilhouette() throws {
        let proven = try RenderPlanner.plan(Self.scene(speck: Point(117, 77)))
        let blurred = try RenderPlanner.plan(Self.scene(speck: Point(119, 79)))
        #expect(proven.offscreens.isEmpty, "\(proven)")
        #expect(!blurred.offscreens.isEmpty, "\(blurred)")
        let a = try PlanBuilding.render(proven), b = try PlanBuilding.render(blurred)
        var worst = 0, shaded = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for c in 0..<4 { worst = max(worst, abs(Int(a[x, y][c]) - Int(b[x, y][c]))) }
                if a[x, y][0] < 250 { shaded += 1 }
            }
        }
        #expect(shaded > 2000, "the shadow shows around the caster")
        print("proven vs silhouette shadow: worst channel difference \(worst)/255")
        #expect(worst <= 2)
    }
}
