import Lamina

/// Text set in the examples' 5×7 pixel font as an image, for labels drawn with layers (charts, captions).
public enum TextImage {
    /// `text` (upper-cased: the font has only a few lower-case letters) in `color` on transparent, `pixelSize` image
    /// pixels per font pixel, with one font pixel of margin. Characters the font lacks stay blank.
    public static func make(_ text: String, pixelSize: Int = 2, color: Color = .black) -> Image {
        let shown = text.uppercased()
        let w = (PixelFont.width(of: shown) + 2) * pixelSize, h = (PixelFont.glyphHeight + 2) * pixelSize
        var canvas = AssetCanvas(width: max(w, 1), height: h)
        PixelFont.draw(shown, into: &canvas, x: pixelSize, y: pixelSize, pixelSize: pixelSize, color: color)
        return Image(bitmap: canvas.bitmap(), source: "text \"\(text)\"")
    }
}
