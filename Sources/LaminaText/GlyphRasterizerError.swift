/// Why a glyph could not be rasterized; one line naming the face and glyph.
public struct GlyphRasterizerError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
