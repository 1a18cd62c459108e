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

    public init(bitmap: Bitmap, source: String = "memory") {
        self.id = Image.counter.add(1, ordering: .relaxed).newValue
        self.bitmap = bitmap
        self.source = source
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    public static func == (a: Image, b: Image) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(id) }

    public var description: String { "image#\(id)(\(width)×\(height) \(source))" }
}
