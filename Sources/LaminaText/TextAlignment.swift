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
