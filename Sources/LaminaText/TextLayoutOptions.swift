/// Horizontal placement of each line in the bounds (CATextLayer's `alignmentMode`).
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    /// Lines start at the left edge.
    case left
    /// Lines end at the right edge.
    case right
    /// Lines are centered in the width.
    case center
    /// Every line but a paragraph's last stretches its U+0020 spaces to fill the width (the last is natural).
    case justified
}

/// Where a line too wide for the bounds loses grapheme clusters to "…" (CATextLayer's `truncationMode`).
public enum TextTruncation: String, Sendable, CaseIterable {
    /// Lines wider than the bounds are cut at the bounds.
    case none
    /// The line's beginning gives way to "…".
    case start
    /// The line keeps its first ⌈n/2⌉ and last ⌊n/2⌋ fitting grapheme clusters around "…".
    case middle
    /// The line's end gives way to "…".
    case end
}

/// The bounds and rules a `TextLayout` lays text out with.
public struct TextLayoutOptions: Sendable {
    /// Bounds width in points.
    public var width: Double
    /// Bounds height in points; nil lays out every line.
    public var height: Double?
    /// Device pixels per point; every output coordinate is in device pixels.
    public var scale: Double
    /// Wrap lines at the width (UAX #14); false keeps one line per paragraph.
    public var isWrapped: Bool
    /// Where each line sits in the width.
    public var alignment: TextAlignment
    /// What a line too wide for the bounds loses (with `isWrapped`, only the last line that fits the height).
    public var truncation: TextTruncation

    public init(width: Double, height: Double? = nil, scale: Double = 1, isWrapped: Bool = false,
                alignment: TextAlignment = .natural, truncation: TextTruncation = .none) {
        self.width = width
        self.height = height
        self.scale = scale
        self.isWrapped = isWrapped
        self.alignment = alignment
        self.truncation = truncation
    }
}
