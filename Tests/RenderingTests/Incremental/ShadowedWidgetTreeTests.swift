import Foundation
import Lamina
import LaminaCPU
import Testing

/// Widgets whose shadow follows their content (a transparent layer with a shadow around one opaque,
/// rounded, clipping body): a change inside the body leaves the shadow as it was and damages only itself,
/// and a change that alters the body's outline damages the whole widget, shadow included.
@Suite("Retained tree: changes inside shadowed widgets", .serialized)
struct ShadowedWidgetTreeTests {
    static func scene() -> Scene {
        let widgets = (0..<4).map { i in
            Harness.layer(Rect(12 + Double(i % 2) * 100, 10 + Double(i / 2) * 70, 84, 56)) {
                $0.name = "widget\(i)"
                $0.shadowOpacity = 0.6
                $0.shadowRadius = 5
                $0.shadowOffset = Size(0, 3)
                $0.sublayers = [Harness.layer(Rect(0, 0, 84, 56)) {
                    $0.name = "body\(i)"
                    $0.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.95)
                    $0.cornerRadius = 10
                    $0.masksToBounds = true
                    $0.sublayers = [Harness.layer(Rect(8, 8, 12, 12)) { $0.name = "dot\(i)"; $0.backgroundColor = .black; $0.cornerRadius = 6 },
                                    Harness.layer(Rect(8, 30, 40, 8)) { $0.name = "bar\(i)"; $0.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9) }]
                }]
            }
        }
        return Harness.scene(220, 150, widgets)
    }

    @Test("a dot changing color inside a widget damages the dot, not the widget and its shadow")
    func insideChangeIsSmall() throws {
        let tree = LayerTree(scene: Self.scene())
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 2), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        try renderer.render(tree)
        tree.root.sublayers[1].sublayers[0].sublayers[0].backgroundColor = .white
        let frame = try renderer.render(tree)
        #expect(frame.damage.area > 0 && frame.damage.area <= 18 * 18, "damage \(frame.damage)")
        #expect(try #require(frame.bitmap) == Harness.render(tree.committedScene, on: "cpu"))
    }

    @Test("200 random edits inside and around shadowed widgets: every frame equals a full redraw", arguments: Harness.backends)
    func randomEdits(_ backend: String) throws {
        var rng = SplitMix64(seed: 2026)
        let tree = LayerTree(scene: Self.scene())
        let renderer = IncrementalRenderer(backend: backend == "cpu" ? CPUBackend(threads: 2) : try Harness.freshGPU(), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        var small = 0
        for step in 0..<200 {
            let widget = tree.root.sublayers[Int.random(in: 0..<4, using: &rng)]
            let body = widget.sublayers[0]
            let inner = body.sublayers.randomElement(using: &rng)!
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: inner.position = Point(inner.position.x + .random(in: -30...30, using: &rng), inner.position.y)
            case 1: inner.backgroundColor = Color(red: .random(in: 0...1, using: &rng), green: 0.4, blue: 0.6)
            case 2: inner.opacity = .random(in: 0...1, using: &rng)
            case 3: body.bounds = Rect(0, 0, .random(in: 40...90, using: &rng), 56)
            case 4: body.cornerRadius = .random(in: 0...20, using: &rng)
            case 5: body.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.95, alpha: Bool.random(using: &rng) ? 1 : 0.5)
            case 6: body.masksToBounds.toggle()
            case 7: inner.isHidden.toggle()
            case 8: body.position = Point(body.position.x + .random(in: -6...6, using: &rng), body.position.y)
            default: widget.shadowRadius = .random(in: 2...9, using: &rng)
            }
            let frame = try renderer.render(tree)
            let full = try Harness.render(tree.committedScene, on: backend)
            let diff = IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), full)
            #expect(diff <= 1, "\(backend) step \(step): tree frame differs from a full redraw by \(diff)/255; damage \(frame.damage)")
            if diff > 1 { return }
            if frame.damage.area < 84 * 56 { small += 1 }
        }
        #expect(small >= 20, "changes inside widgets whose outline still holds keep their damage small (\(small) of 200 frames)")
    }
}
