/// A least-recently-used store whose entries each cost some bytes: inserting past `capacity` bytes evicts the
/// least recently used entries first, in constant time per entry (a list threaded through an array).
/// Not thread-safe; its owner serializes access. `LRUCache` is this with counters and a release callback.
public struct ByteBoundedCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most bytes the entries may cost together.
    public var capacity: Int {
        didSet { _ = evict() }
    }
    /// The bytes the entries cost now.
    public private(set) var bytes = 0
    /// How many entries were evicted (for lack of room) so far.
    public private(set) var evictions = 0

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    public var count: Int { index.count }

    /// The value for `key`, made the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        pushNewest(i)
        return nodes[i]!.value
    }

    /// Stores `value` costing `cost` bytes as the most recently used entry; an entry costing more than the
    /// whole capacity is not kept. Returns what left the store: the value it replaced, the entries evicted
    /// for room, and `value` itself when it was not kept.
    @discardableResult
    public mutating func insert(_ value: Value, cost: Int, for key: Key) -> [Value] {
        var gone: [Value] = []
        if let i = index[key] { gone.append(remove(i)) }
        guard cost <= capacity else { return gone + [value] }
        let node = Node(key: key, value: value, cost: max(cost, 0), newer: nil, older: nil)
        let i: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            i = reused
        } else {
            nodes.append(node)
            i = nodes.count - 1
        }
        index[key] = i
        bytes += node.cost
        pushNewest(i)
        return gone + evict()
    }

    /// Drops every entry; returns their values.
    @discardableResult
    public mutating func removeAll() -> [Value] {
        let values = nodes.compactMap { $0?.value }
        nodes = []; free = []; index = [:]; newest = nil; oldest = nil; bytes = 0
        return values
    }

    private mutating func evict() -> [Value] {
        var gone: [Value] = []
        while bytes > capacity, let i = oldest {
            gone.append(remove(i))
            evictions += 1
        }
        return gone
    }

    private mutating func remove(_ i: Int) -> Value {
        unlink(i)
        let node = nodes[i]!
        bytes -= node.cost
        index[node.key] = nil
        nodes[i] = nil
        free.append(i)
        return node.value
    }

    private mutating func unlink(_ i: Int) {
        let node = nodes[i]!
        if let n = node.newer { nodes[n]!.older = node.older } else { newest = node.older }
        if let o = node.older { nodes[o]!.newer = node.newer } else { oldest = node.newer }
        nodes[i]!.newer = nil
        nodes[i]!.older = nil
    }

    private mutating func pushNewest(_ i: Int) {
        nodes[i]!.older = newest
        nodes[i]!.newer = nil
        if let n = newest { nodes[n]!.newer = i }
        newest = i
        if oldest == nil { oldest = i }
    }
}
