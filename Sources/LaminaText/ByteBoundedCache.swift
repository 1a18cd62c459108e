/// A least-recently-used cache whose entries each cost some bytes: inserting past `capacity` bytes evicts the
/// least recently used entries first. Not thread-safe; its owner serializes access.
struct ByteBoundedCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most bytes the entries may cost together.
    var capacity: Int {
        didSet { evict() }
    }
    /// The bytes the entries cost now.
    private(set) var bytes = 0
    /// How many entries were evicted so far.
    private(set) var evictions = 0

    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { index.count }

    /// The value for `key`, made the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        pushNewest(i)
        return nodes[i]!.value
    }

    /// Stores `value` costing `cost` bytes as the most recently used entry; an entry costing more than the
    /// whole capacity is not kept.
    mutating func insert(_ value: Value, cost: Int, for key: Key) {
        if let i = index[key] { remove(i) }
        guard cost <= capacity else { return }
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
        evict()
    }

    /// Drops every entry.
    mutating func removeAll() {
        nodes = []; free = []; index = [:]; newest = nil; oldest = nil; bytes = 0
    }

    private mutating func evict() {
        while bytes > capacity, let i = oldest {
            remove(i)
            evictions += 1
        }
    }

    private mutating func remove(_ i: Int) {
        unlink(i)
        let node = nodes[i]!
        bytes -= node.cost
        index[node.key] = nil
        nodes[i] = nil
        free.append(i)
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
