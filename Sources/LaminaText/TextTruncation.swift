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
