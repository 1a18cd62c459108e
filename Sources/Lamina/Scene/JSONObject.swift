/// A JSON object: members in document order, keys unique (the parser refuses duplicates).
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []
    private var index: [String: Int] = [:]

    public init() {}

    public var count: Int { keys.count }

    /// The value for `key`, or nil.
    public subscript(key: String) -> JSONValue? {
        index[key].map { values[$0] }
    }

    /// Adds a member; returns false (and changes nothing) when the key is already present.
    @discardableResult
    public mutating func append(_ key: String, _ value: JSONValue) -> Bool {
        guard index[key] == nil else { return false }
        index[key] = keys.count
        keys.append(key)
        values.append(value)
        return true
    }

    /// True when `key` is present.
    public func contains(_ key: String) -> Bool { index[key] != nil }

    /// Members in document order.
    public var members: [(key: String, value: JSONValue)] {
        Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }
    }
}
