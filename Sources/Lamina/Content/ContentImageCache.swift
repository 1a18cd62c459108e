import Synchronization

/// What text, gradient and shape layers were drawn into, kept between plans: an unchanged layer at an
/// unchanged place gives the same `Image` again (so backends keep its texture) or the same coverage mask,
/// and is not drawn anew. Least recently used entries go first past `byteLimit`; shared by every planner
/// of the process.
public final class ContentImageCache: Sendable {
    /// What a content image depends on.
    struct Key: Hashable, Sendable {
        var content: LayerContent
        var bounds: Rect
        var transform: AffineTransform
        var region: PixelRect
        var fonts: [UInt64]
        /// Which drawing of the content: 0 its image, 1 a shape's fill mask, 2 its stroke mask.
        var part: Int = 0
    }

    enum Entry {
        case image(Image)
        case mask(AlphaMask)
    }

    private let cache: Mutex<LRUCache<Key, Entry>>
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

    func image(for key: Key) -> Image? {
        if case .image(let i) = cache.withLock({ $0.lookup(key) }) { return i }
        return nil
    }

    func insert(_ image: Image, for key: Key) {
        cache.withLock { $0.insert(key, .image(image), cost: image.bitmap.pixels.count) }
    }

    func mask(for key: Key) -> AlphaMask? {
        if case .mask(let m) = cache.withLock({ $0.lookup(key) }) { return m }
        return nil
    }

    func insert(_ mask: AlphaMask, for key: Key) {
        cache.withLock { $0.insert(key, .mask(mask), cost: mask.alpha.count) }
    }
}
