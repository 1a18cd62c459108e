import Synchronization

/// One rasterized glyph as a text engine hands it to the planner: 8-bit coverage, or premultiplied RGBA
/// for a color glyph (emoji), rows top to bottom without padding. Each image has an identity of its own, so
/// a backend keeps one upload of it (the GPU's glyph atlas) for as long as the engine keeps the glyph:
/// two images are equal when they are the same image.
public final class GlyphImage: Hashable, Sendable, CustomStringConvertible {
    /// How the pixels are stored.
    public enum Format: Hashable, Sendable {
        /// One byte per pixel: coverage 0…255, drawn in the glyph's color.
        case coverage
        /// Four bytes per pixel: premultiplied R, G, B, A, drawn as they are (scaled by the layer's opacity).
        case premultipliedRGBA
    }

    private static let counter = Atomic<UInt64>(0)

    /// Unique among the images of this process.
    public let identity: UInt64
    public let format: Format
    public let width: Int
    public let height: Int
    /// `width × height × bytesPerPixel` bytes.
    public let pixels: [UInt8]

    public init(format: Format, width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * (format == .coverage ? 1 : 4),
                     "GlyphImage size mismatch")
        identity = GlyphImage.counter.add(1, ordering: .relaxed).newValue
        self.format = format; self.width = width; self.height = height; self.pixels = pixels
    }

    /// 1 for coverage, 4 for RGBA.
    public var bytesPerPixel: Int { format == .coverage ? 1 : 4 }

    public var description: String { "glyph \(width)×\(height)\(format == .coverage ? "" : " color")" }

    public static func == (a: GlyphImage, b: GlyphImage) -> Bool { a === b }

    public func hash(into h: inout Hasher) { h.combine(identity) }
}
