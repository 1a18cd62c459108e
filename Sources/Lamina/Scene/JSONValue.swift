/// A JSON value as RFC 8259 defines it, with object keys kept in document order.
///
/// Produced by `JSONParser`; numbers are `Double` (finite: the parser refuses numbers that overflow).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short rendering for error messages: scalars as written, containers abbreviated.
    public var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONValue.format(n)
        case .string(let s):
            return MessageText.quoted(s, limit: 40)
        case .array(let items):
            let inner = items.map { item -> String in
                switch item {
                case .array: return "[…]"
                case .object: return "{…}"
                default: return item.brief
                }
            }.joined(separator: ",")
            return inner.count > 40 ? "an array of \(items.count) values" : "[" + inner + "]"
        case .object(let o): return o.count == 0 ? "{}" : "an object"
        }
    }

    /// What kind of value this is, for messages ("a string", "an array").
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Numbers as a person wrote them: integers without a fraction, others with up to 17 digits.
    static func format(_ n: Double) -> String {
        if n == n.rounded() && abs(n) < 1e15 { return String(Int(n)) }
        return String(n)
    }
}
