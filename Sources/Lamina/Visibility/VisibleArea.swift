/// What a `VisibilityPass` found of one area: nothing visible, all of it, or some rows' spans.
public enum VisibleArea: Sendable, Equatable {
    /// No pixel of the area is visible (or the area lies outside the pass's region).
    case hidden
    /// Every pixel of `rows` × `columns` (the area cut to the region) is visible.
    case all(rows: Range<Int>, columns: Range<Int>)
    /// Rows `rows` are described from index `base` of the pass's row starts.
    case partial(base: Int, rows: Range<Int>)

    /// Whether no pixel is visible.
    public var isHidden: Bool { self == .hidden }
}
