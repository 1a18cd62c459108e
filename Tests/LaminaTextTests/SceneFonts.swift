import Foundation
import Lamina
@testable import LaminaText

/// Font files loaded as a scene's `fonts` table would hold them, and helpers to draw text with a `TextStack`.
enum SceneFonts {
    static let dejaVuBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    static let sans = load(TestFonts.dejaVuPath)
    static let bold = load(dejaVuBoldPath)
    static let hebrew = load(TestFonts.notoHebrewPath)
    static let emoji = load(TestFonts.notoEmojiPath)

    /// The table the tests name fonts from.
    static let table: [String: FontData] = ["Sans": sans, "Bold": bold, "Hebrew": hebrew, "Emoji": emoji]

    static func load(_ path: String) -> FontData {
        guard let bytes = FileManager.default.contents(atPath: path) else { fatalError("test font missing (run tools/setup): \(path)") }
        return FontData(bytes: Array(bytes), source: path)
    }

    /// Pixels of a drawing, RGBA8 premultiplied.
    struct Pixels {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
            let i = (y * width + x) * 4
            return SIMD4(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }

        /// The pixels with any ink (alpha > 0), as (x, y).
        var inked: [(x: Int, y: Int)] {
            var out: [(x: Int, y: Int)] = []
            for y in 0..<height { for x in 0..<width where bytes[(y * width + x) * 4 + 3] > 0 { out.append((x, y)) } }
            return out
        }

        /// The box of the inked pixels: min x, min y, max x, max y (inclusive).
        var inkBox: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            let ink = inked
            guard !ink.isEmpty else { return nil }
            return (ink.map(\.x).min()!, ink.map(\.y).min()!, ink.map(\.x).max()!, ink.map(\.y).max()!)
        }
    }

    /// Draws `text` in `bounds` with scale `scale` and translation (tx, ty) into the region `region`.
    static func draw(_ engine: TextStack, _ text: TextContent, bounds: Rect, scale: Double = 1, tx: Double = 0, ty: Double = 0,
                     region: PixelRect) throws -> Pixels? {
        let t = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: tx, ty: ty)
        guard let bytes = try engine.draw(text, bounds: bounds, fonts: table, transform: t, region: region) else { return nil }
        return Pixels(width: region.width, height: region.height, bytes: bytes)
    }
}
