import Synchronization

/// An image that layers show as `contents`: a bitmap with an identity.
///
/// Two `Image` values are the same image when they are the same object; renderers key texture
/// uploads and rasterization caches on `id`, so replacing a layer's image is seen as a change.
public final class Image: Hashable, Sendable, CustomStringConvertible {
    private static let counter = Atomic<UInt64>(0)

    /// Unique within the process.
    public let id: UInt64
    public let bitmap: Bitmap
    /// Where it came from (a file name or "data URI"), for messages.
    public let source: String
    /// Whether every pixel has alpha 255: then any sample of it (nearest, linear or from its mip levels)
    /// is opaque, and a draw of it at opacity 1 stores its color whatever lies below.
    public let isOpaque: Bool

    public init(bitmap: Bitmap, source: String = "memory") {
        self.id = Image.counter.add(1, ordering: .relaxed).newValue
        self.bitmap = bitmap
        self.source = source
        isOpaque = !bitmap.pixels.isEmpty && Image.allOpaque(bitmap)
    }

    /// Whether every alpha byte is 255, read two pixels at a time (alpha is byte 3 of each).
    private static func allOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.pixels.withUnsafeBytes { raw in
            var all = UInt64.max, i = 0
            while i + 8 <= raw.count {
                all &= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            let alphas = UInt64(littleEndian: all) & 0xFF00_0000_FF00_0000
            return alphas == 0xFF00_0000_FF00_0000 && (i >= raw.count || raw[i + 3] == 255)
        }
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    public static func == (a: Image, b: Image) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(id) }

    public var description: String { "image#\(id)(\(width)×\(height) \(source))" }
}
