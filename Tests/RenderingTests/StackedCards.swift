import Lamina

/// Scenes of stacked translucent cards with the structure of the cards benchmark: an outer layer casting
/// a drop shadow (opacity 0.5, offset (0, 4), radius 6) around a rounded card (radius 12) with a 2-point
/// border and `masksToBounds`, whose 48×48 image overhangs and is clipped by its bottom-right corner;
/// every tenth outer layer has opacity 0.5 (group opacity). Positions are fractional and the cards overlap
/// many times over. Deterministic for a seed.
enum StackedCards {
    /// A 64×64 opaque image with smooth gradients and hard steps (bilinear sampling at fractional offsets
    /// mixes unequal texels everywhere).
    static let tile: Image = {
        var px = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                px[i] = UInt8((x * 4 + y) % 256)
                px[i + 1] = UInt8((y * 4 + (x / 8) * 37) % 256)
                px[i + 2] = UInt8(((x ^ y) * 5) % 256)
            }
        }
        return Image(bitmap: Bitmap(width: 64, height: 64, pixels: px))
    }()

    /// `count` cards on a `width × height` white canvas.
    static func scene(count: Int, width: Double, height: Double, seed: UInt64) -> Scene {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var cards: [Layer] = []
        for i in 0..<count {
            let x = (next() * (width - 100) * 100).rounded() / 100, y = (next() * (height - 60) * 100).rounded() / 100
            let fill = Color(red: 0.3 + 0.6 * next(), green: 0.3 + 0.6 * next(), blue: 0.3 + 0.6 * next())
            let border = Color(red: fill.red * 0.55, green: fill.green * 0.55, blue: fill.blue * 0.55)
            cards.append(Harness.layer(Rect(x, y, 120, 80)) { outer in
                outer.shadowOpacity = 0.5
                outer.shadowOffset = Size(0, 4)
                outer.shadowRadius = 6
                if i % 10 == 0 { outer.opacity = 0.5 }
                outer.sublayers = [Harness.layer(Rect(0, 0, 120, 80)) { card in
                    card.backgroundColor = fill
                    card.cornerRadius = 12
                    card.borderWidth = 2
                    card.borderColor = border
                    card.masksToBounds = true
                    card.sublayers = [Harness.layer(Rect(80, 40, 48, 48)) { $0.contents = tile }]
                }]
            })
        }
        return Harness.scene(width, height, cards)
    }
}
