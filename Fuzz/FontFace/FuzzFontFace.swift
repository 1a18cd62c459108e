import Foundation
import Lamina
import LaminaText

/// libFuzzer target: bytes → a scene whose `fonts` holds them as a `data:font/ttf;base64,` URI, decoded by
/// `SceneDecoder` (`FontSourceLoader`'s size and signature checks, then `TextStack.validate` for the text
/// layer that names the font) → for a font that passes, `TextStack.validate` on the `FontData` and
/// `TextStack.draw` of a short string (Latin, ligatures, a combining mark, Arabic, CJK, an emoji: what the
/// font lacks falls back through fontconfig) at a few sizes and scales into a 96 × 48 px region, and
/// `inkBounds`.
///
/// A refusal (`SceneError`, `TextEngineError` of kind `.badInput`) is fine; any other error, a trap, a
/// sanitizer report, a leak, an input slower than 10 s or an allocation over 2 GiB is a finding. One
/// `TextStack` per process; its caches are emptied after each input. Built by tools/fuzz (`tools/fuzz font`).
enum FontFaceFuzzing {
    static let engine: TextStack = {
        TextStack.install()
        return TextStack.shared
    }()
    static let text = "Hag fi Ǻ é\u{301} سلام 字 ✓😀"
    static let region = PixelRect(x: 0, y: 0, width: 96, height: 48)
    /// (font size in points, pixels per point, translation)
    static let draws: [(Double, Double, Double)] = [(7, 1, 0.25), (16, 2, -3.5), (40, 0.5, 10), (300, 1, -40)]

    static func run(_ bytes: [UInt8]) {
        let engine = Self.engine
        defer { engine.removeCachedData() }
        let document = "{\"width\": 96, \"height\": 48, \"fonts\": {\"f\": \"data:font/ttf;base64,"
            + Data(bytes).base64EncodedString()
            + "\"}, \"root\": {\"frame\": [0, 0, 96, 48], \"sublayers\": [{\"class\": \"CATextLayer\", \"frame\": [0, 0, 96, 48], \"string\": \"Hag\", \"font\": \"f\", \"fontSize\": 12}]}}"
        let scene: Scene
        do {
            scene = try SceneDecoder().decode(document, fileName: "fuzz-font.json")
        } catch {
            return
        }
        guard let font = scene.fonts["f"] else { fatalError("the decoded scene has no font \"f\"") }
        do {
            try engine.validate(font)
        } catch {
            if error.kind == .badInput { return }
            fatalError("validate: \(error)")
        }
        let fonts = ["f": font]
        for (size, scale, shift) in draws {
            let content = TextContent(string: text, font: "f", fontSize: size, foregroundColor: .black, isWrapped: size < 20)
            let bounds = Rect(0, 0, 96 / scale, 48 / scale)
            let transform = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: shift, ty: shift / 2)
            do {
                if let pixels = try engine.draw(content, bounds: bounds, fonts: fonts, transform: transform, region: region),
                   pixels.count != region.width * region.height * 4 {
                    fatalError("draw returned \(pixels.count) bytes for a \(region) region")
                }
                _ = try engine.inkBounds(content, bounds: bounds, fonts: fonts, scale: scale)
            } catch {
                if error.kind == .badInput { continue }
                fatalError("draw at \(size) pt × \(scale): \(error)")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzFontFace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FontFaceFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
