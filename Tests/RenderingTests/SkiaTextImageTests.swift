import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG
import LaminaText
import Testing

/// Lamina's text beside Skia's: `SkiaText/paragraphs.json` (six paragraphs — Latin with kerning and ligatures,
/// wrapped Latin, Hebrew with Latin and digits, Arabic, Devanagari, emoji — with font files named by path) drawn
/// on both backends against `paragraphs.skia.png`, the same scene drawn by SkParagraph through the Skia peer
/// (`tools/text-skia/make-reference-image`). The images differ where the two rasterize glyph edges differently
/// (Skia's text masks are gamma-adjusted; Lamina's are FreeType's linear coverage) and where a baseline snaps to
/// another whole pixel (the wrapped paragraph's lines sit 1 px higher here: the contract snaps each baseline
/// from its unrounded pitch). Measured on both backends: 23.33 dB over the whole image; per paragraph 21.01,
/// 15.64, 24.51, 27.28, 28.04 and 25.77 dB. Each must stay within 1 dB of that; a paragraph not drawn at all, a
/// line broken elsewhere or glyphs a pixel off along the line fall below it.
@Suite struct SkiaTextImageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SkiaText")
    static let measured = (whole: 23.33, paragraphs: [21.01, 15.64, 24.51, 27.28, 28.04, 25.77])

    /// PSNR over RGBA in dB (8-bit peak) of the pixels in `rect` (all when nil).
    static func psnr(_ a: Bitmap, _ b: Bitmap, in rect: PixelRect? = nil) -> Double {
        let r = rect ?? PixelRect(x: 0, y: 0, width: a.width, height: a.height)
        var sum = 0.0
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) {
                let p = a.rgba(x, y), q = b.rgba(x, y)
                for c in 0..<4 { let d = Double(p[c]) - Double(q[c]); sum += d * d }
            }
        }
        let mse = sum / Double(r.width * r.height * 4)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test(arguments: Harness.backends) func textAgreesWithSkParagraphWithinTheStatedPSNR(_ backend: String) throws {
        TextStack.install()
        let scene = try SceneDecoder().decode(contentsOfFile: Self.folder.appendingPathComponent("paragraphs.json").path,
                                              assets: "/usr/share/fonts/truetype")
        let skia = try PNGDecoder.decode(contentsOfFile: Self.folder.appendingPathComponent("paragraphs.skia.png").path)
        let image = try Harness.render(scene, on: backend)
        try #require(image.width == skia.width && image.height == skia.height)
        let whole = Self.psnr(image, skia)
        #expect(whole >= Self.measured.whole - 1, "whole image: \(whole) dB")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent("paragraphs.json")))
        let layers = try #require(((json as? [String: Any])?["root"] as? [String: Any])?["sublayers"] as? [[String: Any]])
        try #require(layers.count == Self.measured.paragraphs.count)
        for (layer, expected) in zip(layers, Self.measured.paragraphs) {
            let f = try #require(layer["frame"] as? [Int])
            let value = Self.psnr(image, skia, in: PixelRect(x: f[0], y: f[1], width: f[2], height: f[3]))
            #expect(value >= expected - 1, "\(layer["font"] ?? "") paragraph at y \(f[1]): \(value) dB")
        }
    }
}
