/// Horizontal placement of each line in the bounds (CATextLayer's `alignmentMode`).
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    case left
    case right
    case center
    /// Every line but a paragraph's last stretches its U+0020 spaces to fill the width (the last is natural).
    case justified
}

/// Where a line too wide for the bounds loses grapheme clusters to "…" (CATextLayer's `truncationMode`).
public enum TextTruncation: String, Sendable, CaseIterable {
    case none
    case start
    case middle
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
    public var alignment: TextAlignment
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
