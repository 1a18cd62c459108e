import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// Incremental frames whose damage falls on surfaces lying under opaque layers: a restricted plan leaves
/// out what later opaque fills cover (`DrawCommand.opaqueCover`, `CoverMap`) and draws a partly covered
/// offscreen only where it still shows. Every frame must equal a full redraw exactly, on both backends.
@Suite("Incremental frames under opaque layers", .serialized)
struct CoveredDamageTests {
    static let tile = Harness.image(32, 32) { x, y in SIMD4(x / 32, 0.4, y / 32, (x + y) < 36 ? 1 : 0.5) }

    /// An opacity group of three bars at `frame`.
    static func group(_ frame: Rect) -> Layer {
        Harness.layer(frame) {
            $0.opacity = 0.5
            $0.sublayers = (0..<3).map { i in
                Harness.layer(Rect(Double(i) * 25, Double(i) * 8, 40, 30)) {
                    $0.backgroundColor = Color(red: 0.3 * Double(i), green: 0.7, blue: 0.2)
                    $0.cornerRadius = 6
                }
            }
        }
    }

    /// Surfaces (two groups, a masked image, a content-shaped shadow) under opaque panels (the card stops under and over each in turn): one square, one
    /// with continuous corners at a fractional place that moves by fractions of a pixel, one clipped by a
    /// rounded parent, and two that must not hide anything (translucent, rotated); a card moves across all.
    static func scene(frame n: Int, scale: Double = 1) -> Scene {
        let covered = group(Rect(20, 20, 90, 50))
        let partly = group(Rect(140, 20, 90, 50))
        let masked = Harness.layer(Rect(20, 110, 100, 60)) {
            $0.contents = tile
            $0.mask = Harness.layer(Rect(0, 0, 100, 60)) { $0.backgroundColor = .black; $0.cornerRadius = 20 }
        }
        let silhouette = Harness.layer(Rect(150, 110, 80, 50)) {
            $0.contents = tile
            $0.shadowOpacity = 0.8
            $0.shadowRadius = 5
        }
        let square = Harness.layer(Rect(10, 10, 110, 70)) { $0.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.6) }
        let continuous = Harness.layer(Rect(170.3 + 0.37 * Double(n), 14.6, 100.2, 62.5)) {
            $0.backgroundColor = Color(red: 0.8, green: 0.3, blue: 0.3)
            $0.cornerRadius = 16
            $0.cornerCurve = .continuous
        }
        let clipping = Harness.layer(Rect(10, 100, 90, 80)) {
            $0.masksToBounds = true
            $0.cornerRadius = 24
            $0.sublayers = [Harness.layer(Rect(-10, -10, 130, 100)) { $0.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.6) }]
        }
        let translucent = Harness.layer(Rect(140, 100, 60, 70)) { $0.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.2, alpha: 0.8) }
        let rotated = Harness.layer(Rect(190, 105, 50, 50)) {
            $0.backgroundColor = Color(red: 0.5, green: 0.1, blue: 0.7)
            $0.affineTransform = .rotation(0.3)
        }
        let stops = [Point(50, 30), Point(205, 33), Point(40, 125), Point(155, 120), Point(200, 118)]
        let stop = stops[n % stops.count]
        let mover = Harness.layer(Rect(stop.x + Double(n) * 0.6, stop.y, 30, 24)) {
            $0.backgroundColor = Color(red: 0.15, green: 0.15, blue: 0.15)
            $0.cornerRadius = 5
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 3
        }
        let below = [covered, partly, masked, silhouette]
        let above = [square, continuous, clipping, translucent, rotated]
        return Harness.scene(260, 200, scale: scale, n % 2 == 0 ? below + above + [mover] : below + [mover] + above)
    }

    @Test("a card moving under and over opaque panels: every frame equals a full redraw", arguments: Harness.backends, [1.0, 1.5])
    func movingUnderPanels(_ name: String, scale: Double) throws {
        try Harness.expectIncrementalEqualsFull(on: name, frames: 9) { Self.scene(frame: $0, scale: scale) }
    }

    @Test("a covered group is left out, a partly covered one is drawn only where it shows")
    func coveredSurfacesLeftOut() throws {
        let plan = try RenderPlanner.plan(Self.scene(frame: 0))
        let region = DamageRegion(boxes: [Rect(0, 0, 260, 90)], width: 260, height: 200)
        let restricted = try plan.restricted(to: region)
        let composites = { (p: RenderPlan) in p.commands.compactMap { c -> (DrawCommand, Rect)? in
            guard case .image(let d) = c, case .offscreen = d.source, let reach = c.reach(offscreens: p.offscreens) else { return nil }
            return (c, reach)
        } }
        let before = composites(plan).filter { $0.1.minY < 90 }
        let after = composites(restricted)
        #expect(before.count == 2, "both groups are read in the full plan")
        #expect(after.count == 1, "the group under the square panel is not drawn")
        let partlyReach = try #require(before.first { $0.1.minX > 130 }?.1)
        let shown = try #require(after.first?.1)
        #expect(shown.maxX < partlyReach.maxX - 20, "the group is drawn only left of the continuous panel: \(shown) of \(partlyReach)")
    }
}
