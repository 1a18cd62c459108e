/// What fontconfig chose for a font name: the file and face, and a warning when the family was not found.
public struct FontMatch: Equatable, Sendable {
    /// The font file.
    public var file: String
    /// The face in the file.
    public var index: Int
    /// The family of the chosen face.
    public var family: String
    /// The style of the chosen face.
    public var style: String
    /// Set when the requested family is not installed and the default family stands in (not an error).
    public var warning: String?

    public init(file: String, index: Int, family: String, style: String, warning: String? = nil) {
        self.file = file
        self.index = index
        self.family = family
        self.style = style
        self.warning = warning
    }
}
