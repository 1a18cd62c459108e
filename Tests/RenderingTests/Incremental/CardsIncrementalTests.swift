import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// Overlapping cards (shadow, rounded opaque fill, border, a clipped image, some in opacity groups), the
/// shape a UI list or grid has, with one card moving and one fading: each incremental frame must equal a
/// full redraw exactly, on both backends. The GPU draws a damage rect's copy of the plan with the same card
/// and group draws as the full frame, so not even rounding may differ.
@Suite("Incremental frames of overlapping cards", .serialized)
struct CardsIncrementalTests {
    static let tile = Harness.image(24, 24) { x, y in SIMD4(x / 24, y / 24, 0.5, 1) }

    static func card(_ i: Int, x: Double, y: Double, opacity: Double) -> Layer {
        let body = Harness.layer(Rect(0, 0, 60, 40)) {
            $0.backgroundColor = Color(red: 0.2 + Double(i % 5) * 0.15, green: 0.4, blue: 0.8 - Double(i % 7) * 0.1)
            $0.cornerRadius = 8
            $0.borderWidth = 2
            $0.borderColor = Color(red: 0.1, green: 0.1, blue: 0.3)
            $0.masksToBounds = true
            $0.sublayers = [Harness.layer(Rect(40, 20, 24, 24)) { $0.contents = tile }]
        }
        var card = Harness.layer(Rect(x, y, 60, 40)) {
            $0.shadowOpacity = 0.5
            $0.shadowOffset = Size(0, 3)
            $0.shadowRadius = 4
            $0.opacity = opacity
            $0.sublayers = [body]
        }
        card.name = "card\(i)"
        return card
    }

    static func scene(frame n: Int) -> Scene {
        var cards: [Layer] = []
        for i in 0..<48 {
            let x = Double(i % 8) * 34 + Double((i * 7) % 5), y = Double(i / 8) * 26 + Double((i * 3) % 4)
            cards.append(card(i, x: i == 20 ? x + Double(n) * 3.5 : x, y: y,
                              opacity: i == 33 ? 1 - Double(n) * 0.08 : (i % 9 == 0 ? 0.6 : 1)))
        }
        return Harness.scene(320, 200, cards)
    }

    @Test("a moving and a fading card: every frame equals a full redraw, channel for channel", arguments: Harness.backends)
    func movingAndFading(_ name: String) throws {
        let damages = try Harness.expectIncrementalEqualsFull(on: name, frames: 8, Self.scene(frame:))
        for (n, damage) in damages.enumerated().dropFirst() {
            #expect(damage.fraction < 0.6, "frame \(n) redrew \(damage.fraction) of the canvas")
        }
    }
}
