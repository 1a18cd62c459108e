import Foundation
import Lamina
import LaminaCPU
import Testing

/// Damage recorded by changes made through a `LayerTree`, less what opaque layers above the change hide.
@Suite("Tree damage under opaque layers", .serialized)
struct TreeOcclusionTests {
    /// A card (a dark rounded rect with a shadow reaching 14 px) well inside an opaque panel, on a 240 × 160 canvas.
    static func tree() -> (LayerTree, card: LiveLayer, panel: LiveLayer) {
        let card = Harness.layer(Rect(70, 60, 40, 30)) {
            $0.name = "card"
            $0.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.3)
            $0.cornerRadius = 6
            $0.shadowOpacity = 0.6
            $0.shadowRadius = 3
        }
        let panel = Harness.layer(Rect(40, 30, 150, 100)) {
            $0.name = "panel"
            $0.backgroundColor = Color(red: 0.8, green: 0.85, blue: 0.9)
            $0.cornerRadius = 10
        }
        let tree = LayerTree(scene: Harness.scene(240, 160, [card, panel]))
        return (tree, tree.root.sublayers[0], tree.root.sublayers[1])
    }

    @Test("moving a card under an opaque panel damages nothing; out from under it, only where it shows; every frame equals a full redraw")
    func cardUnderPanel() throws {
        let (tree, card, panel) = Self.tree()
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 1), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        func frame() throws -> DamageRegion {
            let f = try renderer.render(tree)
            let full = try Harness.render(tree.committedScene, on: "cpu")
            #expect(IncrementalPropertyTests.maxDifference(try #require(f.bitmap), full) == 0)
            return f.damage
        }
        _ = try frame()
        card.position.x += 30
        #expect(try frame().isEmpty, "the card stays under the panel")
        card.position.x += 80
        let out = try frame()
        let box = try #require(out.bounds)
        #expect(box.x >= 188, "only right of the panel's edge at 190: \(out)")
        card.opacity = 0.5
        let faded = try frame()
        #expect(try #require(faded.bounds).x >= 188, "\(faded)")
        panel.opacity = 0.9
        #expect(try frame().area >= 150 * 100, "the panel itself changed")
        card.position.x -= 80
        #expect(try frame().area >= 40 * 30, "under a translucent panel the card shows")
    }

    @Test("after a layer is added the extents from before a change are kept whole; frames still equal full redraws")
    func structureChangesKeepOldBoxes() throws {
        let (tree, card, _) = Self.tree()
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 1), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        _ = try renderer.render(tree)
        let extra = LiveLayer(name: "extra")
        extra.setFrame(Rect(0, 0, 10, 10))
        extra.backgroundColor = .black
        tree.root.insertSublayer(extra, at: 0)
        card.position.x += 10
        let f = try renderer.render(tree)
        #expect(f.damage.area >= 40 * 30, "the card's old place is damaged whole: \(f.damage)")
        #expect(IncrementalPropertyTests.maxDifference(try #require(f.bitmap), try Harness.render(tree.committedScene, on: "cpu")) == 0)
    }
}
