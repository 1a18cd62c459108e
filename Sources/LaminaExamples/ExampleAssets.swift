import Lamina

/// The images that the scenes in `Examples/` name, generated in code so that the repository needs no
/// binary assets and every run produces the same bytes.
///
/// All bitmaps are premultiplied RGBA8. Shapes are anti-aliased by analytic coverage
/// (`clamp(0.5 − d, 0, 1)` of a signed distance), except the pixel-font and pixel-art images, whose
/// crispness is the point of the figures that use them. Noise is a fixed-seed hash of the pixel position.
public enum ExampleAssets {
    /// Every asset with the file name the scenes use (`assets/NAME`), in a stable order.
    public static let all: [(name: String, make: @Sendable () -> Bitmap)] = [
        (name: "cone.png", make: cone),
        (name: "igloo.png", make: igloo),
        (name: "digits.png", make: digits),
        (name: "pixel-art.png", make: pixelArt),
        (name: "detailed.png", make: detailed),
        (name: "snowman.png", make: snowman),
        (name: "hello-label.png", make: helloLabel),
        (name: "filter-captions.png", make: filterCaptions),
    ]

    /// The asset named `name` (as in `all`), or nil.
    public static func make(named name: String) -> Bitmap? {
        all.first { $0.name == name }?.make()
    }

    /// Side of the square `cone`, `igloo` and `snowman` images, in pixels.
    public static let photoSide = 256
    /// Size of one cell of the `digits` sprite sheet: a 5×7 glyph plus one font pixel of padding on
    /// every side, at `digitPixelSize` image pixels per font pixel (28×36).
    public static let digitPixelSize = 4
    public static let digitCellWidth = (PixelFont.glyphWidth + 2) * digitPixelSize
    public static let digitCellHeight = (PixelFont.glyphHeight + 2) * digitPixelSize
    /// Side of the square `pixelArt` image.
    public static let pixelArtSide = 16
    /// Side of the square `detailed` image.
    public static let detailedSide = 512
    /// Size of `helloLabel`: the 110×30-point label of Listing 4.7 at scale 2.
    public static let helloLabelWidth = 220
    public static let helloLabelHeight = 60

    /// The rows of `filterCaptions`, top to bottom, and the size of one row (112×18).
    public static let filterCaptionTexts = ["LINEAR", "NEAREST", "TRILINEAR"]
    public static let filterCaptionWidth = 112
    public static let filterCaptionRowHeight = 18

    /// The background and ink of the LCD digit sheet (the only two colors in it).
    public static let lcdBackground = Color(red: 0.78, green: 0.85, blue: 0.62)
    public static let lcdInk = Color(red: 0.13, green: 0.18, blue: 0.10)
}
