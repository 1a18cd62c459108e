import Synchronization

/// A bounded, byte-counted least-recently-used cache of stroke outlines, shared by every render thread.
///
/// An outline is stroked in the path's own space and kept there, keyed by the path, the stroke's geometry
/// and the flattening scale (the transform's largest scale rounded up to a quarter power of two, so the
/// outline stays within the device tolerance); each use maps it through the transform of the moment.
/// So a color change, a repeated frame, a moved or rotated layer do not stroke the path again.
public final class StrokeOutlineCache: Sendable {
    struct Key: Hashable {
        var path: Path
        var style: StrokeStyle
        var scale: Double
    }

    /// Bytes an entry costs: the outline's points (16 bytes each) with a fixed overhead per polygon, and
    /// the path its key holds.
    static func cost(_ polygons: [[Point]], path: Path) -> Int {
        var bytes = polygons.reduce(128) { $0 + 32 + $1.count * MemoryLayout<Point>.stride }
        if case .svg(let p, _) = path { bytes += p.segments.count * MemoryLayout<SVGPath.Segment>.stride }
        return bytes
    }

    /// The cache the shape rasterizer uses unless given another.
    public static let shared = StrokeOutlineCache(byteLimit: 32 << 20)

    private let cache: Mutex<LRUCache<Key, [[Point]]>>
    /// The most bytes of outlines kept.
    public let byteLimit: Int

    /// An empty cache keeping at most `byteLimit` bytes of outlines (an outline larger than that is not kept).
    public init(byteLimit: Int) {
        self.byteLimit = byteLimit
        cache = Mutex(LRUCache(byteLimit: byteLimit))
    }

    /// Hits, misses, evictions, entries and bytes so far.
    public var statistics: CacheStatistics { cache.withLock { $0.statistics } }

    /// The bytes of outlines held now.
    public var bytes: Int { statistics.bytes }

    /// Drops every outline.
    public func removeAll() { cache.withLock { $0.removeAll() } }

    /// The stroke outline of `path` with `style` through `transform`, in device space (as
    /// `PathStroker.outline`), from the cache when this path and style were stroked at this scale before.
    /// Throws `StrokeError` for a bad style or past the stroke limits.
    public func outline(path: Path, style: StrokeStyle, transform: AffineTransform) throws(StrokeError) -> [[Point]] {
        try style.validate()
        guard style.drawsSomething, transform.isFinite else { return [] }
        let scale = StrokeOutlineCache.flatteningScale(transform)
        guard scale > 0, scale.isFinite else { return [] }
        let key = Key(path: path, style: style, scale: scale)
        let local: [[Point]]
        if let hit = cache.withLock({ $0.lookup(key) }) {
            local = hit
        } else {
            local = try PathStroker.outline(path: path, style: style, transform: .identity,
                                            tolerance: PathRasterizer.tolerance / scale)
            cache.withLock { $0.insert(key, local, cost: StrokeOutlineCache.cost(local, path: path)) }
        }
        return PathStroker.mapped(local, by: transform)
    }

    /// The transform's largest scale rounded up to a power of 2^¼ (so flattening with the device tolerance
    /// divided by it stays within the tolerance on the device); 0 when the transform collapses the plane.
    static func flatteningScale(_ transform: AffineTransform) -> Double {
        let s = PathStroker.maxScale(transform)
        guard s > 0, s.isFinite, transform.determinant != 0 else { return 0 }
        let steps = (LaminaMath.log2(s) * 4).rounded(.up)
        let q = LaminaMath.pow(2, steps / 4)
        return q >= s ? q : s
    }
}
