/// A JSON object: members in document order, keys unique (the parser refuses duplicates).
///
/// Small objects (the layers, paths and animations of a scene) find keys by scanning; only an object
/// with more than `indexedCount` members keeps a dictionary from key to position.
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []
    private var index: [String: Int]?

    /// Members past which lookups go through a dictionary.
    static let indexedCount = 16

    public init() {}

    public var count: Int { keys.count }

    /// The value for `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        position(of: key).map { values[$0] }
    }

    /// Adds a member; returns false (and changes nothing) when the key is already present.
    @discardableResult
    public mutating func append(_ key: String, _ value: JSONValue) -> Bool {
        guard position(of: key) == nil else { return false }
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > JSONObject.indexedCount {
            index = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
        }
        return true
    }

    /// True when `key` is present.
    public func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// Members in document order.
    public var members: [(key: String, value: JSONValue)] {
        Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.keys == b.keys && a.values == b.values }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
