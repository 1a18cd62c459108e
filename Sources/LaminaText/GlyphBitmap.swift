import Lamina

/// A rasterized glyph: 8-bit coverage, or premultiplied RGBA for a color glyph, placed by its bearing.
public struct GlyphBitmap: Sendable, Equatable {
    public enum Format: Sendable, Equatable {
        /// One byte per pixel: coverage 0...255.
        case coverage
        /// Four bytes per pixel: premultiplied R, G, B, A.
        case premultipliedRGBA
    }

    /// Coverage or color.
    public var format: Format
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Pixels from the glyph origin's whole pixel to the bitmap's left column (right is positive).
    public var left: Int
    /// Pixels from the baseline to the bitmap's top row (down is positive: usually negative).
    public var top: Int
    /// Rows top to bottom, `width × bytesPerPixel` bytes each, no padding.
    public var pixels: [UInt8]
    /// The same pixels as the image glyph runs place (`GlyphImage`), made once when the glyph is cached.
    public internal(set) var image: GlyphImage?

    public init(format: Format, width: Int, height: Int, left: Int, top: Int, pixels: [UInt8]) {
        self.format = format
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.pixels = pixels
    }

    /// This bitmap with its `GlyphImage`.
    func withImage() -> GlyphBitmap {
        var b = self
        b.image = GlyphImage(format: format == .coverage ? .coverage : .premultipliedRGBA, width: width, height: height, pixels: pixels)
        return b
    }

    public static func == (a: GlyphBitmap, b: GlyphBitmap) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.left == b.left && a.top == b.top && a.pixels == b.pixels
    }

    /// 1 for coverage, 4 for RGBA.
    public var bytesPerPixel: Int { format == .coverage ? 1 : 4 }

    /// A bitmap with nothing to draw (a space).
    public static func empty(_ format: Format = .coverage) -> GlyphBitmap {
        GlyphBitmap(format: format, width: 0, height: 0, left: 0, top: 0, pixels: [])
    }
}
