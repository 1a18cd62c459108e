import Foundation
import Lamina
import LaminaCPU
import Testing

/// Repaints (a background or border color changed, alpha kept) redraw only the layer's bounds; every
/// frame must still equal a full redraw, on both backends, wherever the layer is drawn.
@Suite("Incremental repaints", .serialized)
struct RepaintTests {
    static let tile = Harness.image(16, 16) { x, y in SIMD4(x / 16, 0.5, y / 16, 1) }

    /// A card with a shadow and an overflowing badge, drawn bare, in a group, masked, rasterized (at a quarter
    /// of its resolution, scaled up: the composite's filter spreads a repaint past the bounds) and under a
    /// content-shaped shadow; frame `n` gives every card the `n`-th color of a cycle (same alpha).
    static func scene(frame n: Int) -> Scene {
        let colors = [Color(red: 0.2, green: 0.4, blue: 0.8), Color(red: 0.9, green: 0.2, blue: 0.1),
                      Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 1), Color(red: 0.95, green: 0.9, blue: 0.2)]
        let translucent = Color(red: 0.3 * Double(n % 3), green: 0.5, blue: 0.6, alpha: 0.6)
        func card(_ x: Double, _ y: Double) -> Layer {
            Harness.layer(Rect(x, y, 44, 30)) {
                $0.backgroundColor = colors[n % colors.count]
                $0.borderColor = colors[(n + 1) % colors.count]
                $0.borderWidth = 2
                $0.cornerRadius = 7
                $0.shadowOpacity = 0.6
                $0.shadowRadius = 4
                $0.shadowOffset = Size(0, 3)
                $0.sublayers = [Harness.layer(Rect(34, -6, 16, 16)) { $0.contents = tile; $0.cornerRadius = 8; $0.masksToBounds = true }]
            }
        }
        func holder(_ x: Double, _ configure: (inout Layer) -> Void) -> Layer {
            Harness.layer(Rect(x, 60, 70, 70)) {
                $0.sublayers = [card(10, 20), Harness.layer(Rect(4, 4, 30, 12)) { $0.backgroundColor = translucent }]
                configure(&$0)
            }
        }
        let mask = Harness.layer(Rect(0, 0, 70, 70)) { $0.backgroundColor = .black; $0.cornerRadius = 30 }
        return Harness.scene(420, 160, [
            card(10, 10),
            holder(70) { $0.opacity = 0.6 },
            holder(150) { $0.mask = mask },
            holder(230) { $0.shouldRasterize = true; $0.rasterizationScale = 0.25; $0.affineTransform = .scale(1.3, 1.3) },
            holder(310) { $0.shadowOpacity = 0.7; $0.shadowRadius = 6 },
            Harness.layer(Rect(20, 20, 30, 20)) { $0.backgroundColor = translucent },
        ])
    }

    @Test("cards repainted bare, in groups, masks, rasterized layers and under content shadows: every frame equals a full redraw",
          arguments: Harness.backends)
    func repaintsEverywhere(_ name: String) throws {
        let damages = try Harness.expectIncrementalEqualsFull(on: name, frames: 5, Self.scene(frame:))
        for d in damages.dropFirst() {
            #expect(d.area < 420 * 160 / 3, "only the cards' bounds and the translucent bars: \(d)")
        }
    }

    @Test("a tree records a repaint as the layer's bounds; frames equal full redraws")
    func treeRepaint() throws {
        let tree = LayerTree(scene: Self.scene(frame: 0))
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 1), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        _ = try renderer.render(tree)
        let card = tree.root.sublayers[0]
        card.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1)
        card.borderColor = .black
        var frame = try renderer.render(tree)
        let box = try #require(frame.damage.bounds)
        #expect(box.x >= 7 && box.y >= 7 && box.x + box.width <= 57 && box.y + box.height <= 43, "the card's bounds only: \(frame.damage)")
        #expect(IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try Harness.render(tree.committedScene, on: "cpu")) == 0)
        card.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.5)
        frame = try renderer.render(tree)
        #expect(frame.damage.area > 60 * 45, "an alpha change redraws the shadow and the badge: \(frame.damage)")
        #expect(IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try Harness.render(tree.committedScene, on: "cpu")) == 0)
        let grouped = tree.root.sublayers[1].sublayers[0]
        grouped.backgroundColor = .white
        frame = try renderer.render(tree)
        #expect(try #require(frame.damage.bounds).width <= 50, "inside a group: the card's bounds only: \(frame.damage)")
        #expect(IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try Harness.render(tree.committedScene, on: "cpu")) == 0)
        let rasterized = tree.root.sublayers[3].sublayers[0]
        rasterized.backgroundColor = .black
        frame = try renderer.render(tree)
        #expect(try #require(frame.damage.bounds).width > 60, "inside a rasterized layer: the whole layer: \(frame.damage)")
        #expect(IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), try Harness.render(tree.committedScene, on: "cpu")) == 0)
    }
}
