/// A strict RFC 8259 JSON parser.
///
/// Iterative: nesting lives in an explicit heap stack, never on the native call stack, so deeply
/// nested documents parse on any thread (nesting is still capped at `maxNesting` so that the result
/// can be torn down safely). Duplicate object keys, invalid UTF-8, lone surrogates, control characters
/// in strings, leading zeros, trailing commas and numbers that overflow a `Double` are refused.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (a 10 000-deep layer tree needs about 20 000).
    public static let maxNesting = 32_768

    /// An open container; mutated in place on the stack so appends never copy.
    private struct Frame {
        var isObject: Bool
        var items: [JSONValue] = []
        var object = JSONObject()
        var pendingKey = ""
    }

    let bytes: [UInt8]
    var pos = 0
    private var stack: [Frame] = []
    /// What the parsed values may hold in memory, in bytes (`JSONValueCost`).
    private let costLimit: Int
    private var cost = 0
    /// The deepest nesting of containers met so far.
    private var deepest = 0

    private init(_ bytes: [UInt8], costLimit: Int) {
        self.bytes = bytes
        self.costLimit = costLimit
    }

    /// Parses one JSON document (a single value surrounded by optional whitespace). `costLimit` bounds the
    /// memory the parsed values may take (as `JSONValueCost` counts it): past it parsing stops with an
    /// error whose `exceedsLimit` is true, so a document of many tiny values cannot expand into gigabytes.
    public static func parse(_ bytes: [UInt8], costLimit: Int = .max) throws(JSONParseError) -> JSONValue {
        try measured(bytes, costLimit: costLimit).value
    }

    /// Parses as `parse(_:costLimit:)` does, and says how deep containers were nested (0 for a scalar).
    static func measured(_ bytes: [UInt8], costLimit: Int) throws(JSONParseError) -> (value: JSONValue, depth: Int) {
        var parser = JSONParser(bytes, costLimit: costLimit)
        let value = try parser.document()
        return (value, parser.deepest)
    }

    /// Parses a document given as text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        var value = try scalarOrOpen()
        while true {
            if let v = value {
                if stack.isEmpty {
                    skipWhitespace()
                    if pos < bytes.count { throw fail("expected the end of the document, got \(found())") }
                    return v
                }
                value = try attachToTop(v)
            } else {
                value = try scalarOrOpen()
            }
        }
    }

    /// Adds a finished value to the innermost container; returns the container when it closes, else nil.
    private mutating func attachToTop(_ v: JSONValue) throws(JSONParseError) -> JSONValue? {
        skipWhitespace()
        let top = stack.count - 1
        try charge(stack[top].isObject ? JSONValueCost.member(key: stack[top].pendingKey) : JSONValueCost.element)
        if stack[top].isObject {
            stack[top].object.append(stack[top].pendingKey, v)
            guard pos < bytes.count else { throw fail("expected ',' or '}', got the end of the document") }
            switch bytes[pos] {
            case UInt8(ascii: ","):
                pos += 1
                skipWhitespace()
                let keyStart = pos
                let key = try memberKey()
                if stack[top].object.contains(key) { throw fail("duplicate key \(MessageText.quoted(key))", at: keyStart) }
                stack[top].pendingKey = key
                return nil
            case UInt8(ascii: "}"):
                pos += 1
                return .object(stack.removeLast().object)
            default: throw fail("expected ',' or '}', got \(found())")
            }
        }
        stack[top].items.append(v)
        guard pos < bytes.count else { throw fail("expected ',' or ']', got the end of the document") }
        switch bytes[pos] {
        case UInt8(ascii: ","):
            pos += 1
            return nil
        case UInt8(ascii: "]"):
            pos += 1
            return .array(stack.removeLast().items)
        default: throw fail("expected ',' or ']', got \(found())")
        }
    }

    /// Parses a scalar (returned) or opens a container (pushed; returns nil unless it is empty).
    private mutating func scalarOrOpen() throws(JSONParseError) -> JSONValue? {
        skipWhitespace()
        guard pos < bytes.count else { throw fail("expected a value, got the end of the document") }
        switch bytes[pos] {
        case UInt8(ascii: "{"):
            try checkNesting()
            try charge(JSONValueCost.object)
            pos += 1
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(JSONObject()) }
            let key = try memberKey()
            stack.append(Frame(isObject: true, pendingKey: key))
            return nil
        case UInt8(ascii: "["):
            try checkNesting()
            try charge(JSONValueCost.array)
            pos += 1
            skipWhitespace()
            if pos < bytes.count && bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array([]) }
            stack.append(Frame(isObject: false))
            return nil
        case UInt8(ascii: "\""):
            let s = try string()
            try charge(JSONValueCost.string(s))
            return .string(s)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value, got \(found())")
        }
    }

    /// Counts `bytes` more of parsed values; fails past `costLimit`.
    private mutating func charge(_ amount: Int) throws(JSONParseError) {
        cost += amount
        guard cost > costLimit else { return }
        var error = fail("the parsed document needs more than \(MemoryBudget.format(costLimit)) of memory "
                         + "(\(MemoryBudget.format(bytes.count)) of JSON; the memory limit bounds it)")
        error.exceedsLimit = true
        throw error
    }

    private mutating func checkNesting() throws(JSONParseError) {
        deepest = max(deepest, stack.count + 1)
        if stack.count >= JSONParser.maxNesting {
            throw fail("arrays and objects nested deeper than \(JSONParser.maxNesting) levels")
        }
    }

    /// Reads `"key" :` (whitespace allowed around); leaves `pos` after the colon.
    private mutating func memberKey() throws(JSONParseError) -> String {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else {
            throw fail("expected a string key in double quotes, got \(found())")
        }
        let key = try string()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw fail("expected ':' after the key, got \(found())") }
        pos += 1
        return key
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        let n = word.utf8.count
        guard pos + n <= bytes.count, bytes[pos..<pos + n].elementsEqual(word.utf8) else {
            throw fail("expected a value, got \(found())")
        }
        pos += n
    }

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    /// A short description of the byte at the current position.
    func found(at offset: Int? = nil) -> String {
        let at = offset ?? pos
        guard at < bytes.count else { return "the end of the document" }
        let b = bytes[at]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b == 0x20 { return "a space" }
        return "byte 0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let at = min(offset ?? pos, bytes.count)
        var line = 1, column = 1
        for b in bytes[0..<at] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(offset: at, line: line, column: column, message: message)
    }
}
