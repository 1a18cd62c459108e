/// The pixels of one area that a `VisibilityPass` found visible, row by row.
///
/// Either every pixel (`all`), or per row a list of visible x-spans. Rasterizers intersect each row's own
/// span with these pieces; since no per-pixel result depends on where a piece starts, drawing only the
/// pieces leaves every drawn pixel as it would have been. A value points into its pass and is valid only
/// inside `VisibilityPass.withSpans(of:_:)`.
public struct VisibleSpans: @unchecked Sendable {
    /// Nil: everything is visible.
    @usableFromInline let rowStarts: UnsafePointer<Int32>?
    @usableFromInline let spans: UnsafePointer<Int32>?
    /// First row described by `rowStarts`.
    @usableFromInline let firstRow: Int

    /// Every pixel visible.
    public static let all = VisibleSpans(rowStarts: nil, spans: nil, firstRow: 0)

    /// `rowStarts[r] ..< rowStarts[r + 1]` are the span pairs of row `firstRow + r` in `spans`.
    @inlinable init(rowStarts: UnsafePointer<Int32>?, spans: UnsafePointer<Int32>?, firstRow: Int) {
        self.rowStarts = rowStarts
        self.spans = spans
        self.firstRow = firstRow
    }

    /// Calls `body` with every visible piece of `span` on row `y`, left to right.
    @inlinable @inline(__always)
    public func forEach(row y: Int, in span: Range<Int>, _ body: (Range<Int>) -> Void) {
        guard !span.isEmpty else { return }
        guard let starts = rowStarts, let sp = spans else { return body(span) }
        let r = y &- firstRow
        var k = Int(starts[r])
        let end = Int(starts[r &+ 1])
        while k < end {
            let lo = max(Int(sp[2 &* k]), span.lowerBound), hi = min(Int(sp[2 &* k &+ 1]), span.upperBound)
            if lo < hi { body(lo..<hi) }
            k &+= 1
        }
    }

    /// Whether row `y` has no visible pixel at all.
    @inlinable @inline(__always)
    public func rowIsHidden(_ y: Int) -> Bool {
        guard let starts = rowStarts else { return false }
        let r = y &- firstRow
        return starts[r] == starts[r &+ 1]
    }
}
