/// The pixels of one command that later commands of its run do not hide, on the rows of one band.
///
/// Either every pixel of the command's bounds (`all`), or per row a list of visible x-spans taken
/// from an `OcclusionCuller`. Rasterizers intersect each row's own span with these pieces; since no
/// per-pixel result depends on where a piece starts, drawing only the pieces leaves every drawn pixel
/// as it would have been.
struct Visibility: @unchecked Sendable {
    /// Nil: everything is visible.
    private let rowStarts: UnsafePointer<Int32>?
    private let spans: UnsafePointer<Int32>?
    /// First row described by `rowStarts`.
    private let firstRow: Int

    static let all = Visibility(rowStarts: nil, spans: nil, firstRow: 0)

    /// `rowStarts[r] ..< rowStarts[r + 1]` are the span pairs of row `firstRow + r` in `spans`.
    init(rowStarts: UnsafePointer<Int32>?, spans: UnsafePointer<Int32>?, firstRow: Int) {
        self.rowStarts = rowStarts
        self.spans = spans
        self.firstRow = firstRow
    }

    /// Calls `body` with every visible piece of `span` on row `y`, left to right.
    @inline(__always) func forEach(row y: Int, in span: Range<Int>, _ body: (Range<Int>) -> Void) {
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
    @inline(__always) func rowIsHidden(_ y: Int) -> Bool {
        guard let starts = rowStarts else { return false }
        let r = y &- firstRow
        return starts[r] == starts[r &+ 1]
    }
}
