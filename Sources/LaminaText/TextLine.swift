/// A laid-out line: its glyphs in visual order and its box, in device pixels.
public struct TextLine: Sendable {
    /// The glyphs, left to right.
    public var glyphs: [PositionedGlyph]
    /// The baseline's y, a whole device pixel.
    public var baseline: Double
    /// The left edge of the line's content after alignment.
    public var x: Double
    /// The content's width (hanging spaces excluded; stretched when justified).
    public var width: Double
    /// The line's ascent (the layer font's, at the line's largest size).
    public var ascent: Double
    /// The line's descent (the layer font's, at the line's largest size; positive, below the baseline).
    public var descent: Double
    /// The characters shown, as Unicode-scalar offsets into the whole text (before truncation).
    public var textRange: Range<Int>
    /// Whether "…" replaced part of the line.
    public var isTruncated: Bool
    /// Whether the line's paragraph is right-to-left.
    public var isRightToLeft: Bool
}
