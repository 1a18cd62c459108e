/// A syntax error in SVG path data: what was expected, at which character (0-based).
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) { self.offset = offset; self.message = message }

    public var description: String { "\(message) at character \(offset + 1) of the path data" }
}
