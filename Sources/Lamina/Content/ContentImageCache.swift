import Synchronization

/// The images that text and gradient layers were drawn into, kept between plans: an unchanged layer at an
/// unchanged place gives the same `Image` again (so backends keep its texture), and is not drawn anew.
/// Least recently used images go first past `byteLimit`; shared by every planner of the process.
public final class ContentImageCache: Sendable {
    /// What a content image depends on.
    struct Key: Hashable, Sendable {
        var content: LayerContent
        var bounds: Rect
        var transform: AffineTransform
        var region: PixelRect
        var fonts: [UInt64]
    }

    private let cache: Mutex<LRUCache<Key, Image>>
    /// The most bytes of pixels kept.
    public let byteLimit: Int

    public init(byteLimit: Int) {
        self.byteLimit = byteLimit
        cache = Mutex(LRUCache(byteLimit: byteLimit))
    }

    /// The cache planners use: 64 MiB.
    public static let shared = ContentImageCache(byteLimit: 64 << 20)

    /// Hits, misses, evictions and bytes so far.
    public var statistics: CacheStatistics { cache.withLock { $0.statistics } }

    func image(for key: Key) -> Image? { cache.withLock { $0.lookup(key) } }

    func insert(_ image: Image, for key: Key) {
        cache.withLock { $0.insert(key, image, cost: image.bitmap.pixels.count) }
    }
}
