/// A bounded least-recently-used cache with a byte budget and hit/miss counters.
///
/// Both backends keep their shouldRasterize bitmaps in one of these; the value type is theirs
/// (a GL texture, a CPU bitmap). `onEvict` releases what an evicted value holds. The entries live in a
/// `ByteBoundedCache`: lookups, insertions and evictions take constant time.
public final class LRUCache<Key: Hashable, Value> {
    private var store: ByteBoundedCache<Key, Value>
    public let byteLimit: Int
    public private(set) var statistics = CacheStatistics()
    private let onEvict: (Value) -> Void

    public init(byteLimit: Int, onEvict: @escaping (Value) -> Void = { _ in }) {
        self.byteLimit = byteLimit
        self.onEvict = onEvict
        store = ByteBoundedCache(capacity: byteLimit)
    }

    /// The cached value, counting a hit or a miss.
    public func lookup(_ key: Key) -> Value? {
        guard let value = store.value(for: key) else {
            statistics.misses += 1
            return nil
        }
        statistics.hits += 1
        return value
    }

    /// Stores a value of `cost` bytes, evicting the least recently used entries past the limit (each
    /// released through `onEvict`, as is a value it replaces). A value larger than the whole budget is
    /// not kept (released at once).
    public func insert(_ key: Key, _ value: Value, cost: Int) {
        let gone = store.insert(value, cost: cost, for: key)
        for v in gone { onEvict(v) }
        statistics.evictions = store.evictions
        statistics.bytes = store.bytes
        statistics.entries = store.count
    }

    /// Releases every entry.
    public func removeAll() {
        for v in store.removeAll() { onEvict(v) }
        statistics.bytes = 0
        statistics.entries = 0
    }

    public var count: Int { store.count }
}
