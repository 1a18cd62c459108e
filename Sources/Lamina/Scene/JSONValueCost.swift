/// What parsed JSON values take in memory, in bytes, as `JSONParser` counts it against its cost limit.
///
/// The figures follow the in-memory layout: a value's slot in its container's storage (`JSONValue`'s
/// stride), a container's heap header and malloc's rounding, a key's `String`, and the heap bytes of a
/// string too long to be stored inline (Swift keeps up to 15 UTF-8 bytes in the `String` itself).
enum JSONValueCost {
    /// An array opened: its storage header.
    static let array = 32 + 16
    /// An object opened: the headers of its key and value storage.
    static let object = 2 * (32 + 16)
    /// An element added to an array: its slot.
    static let element = MemoryLayout<JSONValue>.stride
    /// A member added to an object: the value's slot, the key's slot, its heap bytes and its share of the
    /// index a large object keeps.
    static func member(key: String) -> Int {
        MemoryLayout<JSONValue>.stride + MemoryLayout<String>.stride + heapBytes(key) + 24
    }

    /// A string value's heap bytes (its slot is counted by its container).
    static func string(_ s: String) -> Int { heapBytes(s) }

    private static func heapBytes(_ s: String) -> Int {
        let n = s.utf8.count
        return n <= 15 ? 0 : 32 + (n + 15) & ~15
    }
}
