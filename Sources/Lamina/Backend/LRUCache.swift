/// A bounded least-recently-used cache with a byte budget and hit/miss counters.
///
/// Both backends keep their shouldRasterize bitmaps in one of these; the value type is theirs
/// (a GL texture, a CPU bitmap). `onEvict` releases what an evicted value holds.
public final class LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public let byteLimit: Int
    public private(set) var statistics = CacheStatistics()
    private let onEvict: (Value) -> Void

    public init(byteLimit: Int, onEvict: @escaping (Value) -> Void = { _ in }) {
        self.byteLimit = byteLimit
        self.onEvict = onEvict
    }

    /// The cached value, counting a hit or a miss.
    public func lookup(_ key: Key) -> Value? {
        clock += 1
        guard var e = entries[key] else {
            statistics.misses += 1
            return nil
        }
        statistics.hits += 1
        e.lastUse = clock
        entries[key] = e
        return e.value
    }

    /// Stores a value of `cost` bytes, evicting the least recently used entries past the limit.
    /// A value larger than the whole budget is not kept (released at once).
    public func insert(_ key: Key, _ value: Value, cost: Int) {
        clock += 1
        if let old = entries.removeValue(forKey: key) {
            statistics.bytes -= old.cost
            onEvict(old.value)
        }
        guard cost <= byteLimit else {
            onEvict(value)
            return
        }
        entries[key] = Entry(value: value, cost: cost, lastUse: clock)
        statistics.bytes += cost
        while statistics.bytes > byteLimit, let victim = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: victim.key)
            statistics.bytes -= victim.value.cost
            statistics.evictions += 1
            onEvict(victim.value.value)
        }
        statistics.entries = entries.count
    }

    /// Releases every entry.
    public func removeAll() {
        for e in entries.values { onEvict(e.value) }
        entries.removeAll()
        statistics.bytes = 0
        statistics.entries = 0
    }

    public var count: Int { entries.count }
}
