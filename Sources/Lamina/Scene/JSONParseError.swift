/// A document that is not valid JSON (RFC 8259), with the place where parsing stopped.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset of the offending character (0-based).
    public var offset: Int
    /// 1-based line and column (columns count Unicode scalars) of that character.
    public var line: Int
    public var column: Int
    /// What was expected and what was found.
    public var message: String
    /// True when the document is well formed as far as it was read but its parsed values would pass the
    /// memory they may take (`JSONParser.parse(_:costLimit:)`).
    public var exceedsLimit = false

    public init(offset: Int, line: Int, column: Int, message: String) {
        self.offset = offset; self.line = line; self.column = column; self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}
