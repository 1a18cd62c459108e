/// The one occlusion pass of both backends: which pixels of each item of a draw list are visible inside a
/// region of the target after the opaque items drawn above it.
///
/// A backend walks its items from the last drawn to the first. For each it asks what of the item's area is
/// still uncovered (`reveal`), then marks the pixels the item stores opaquely whatever lies below
/// (`cover`). A pixel a later item stores opaquely ends with that store, so skipping earlier work there
/// leaves the target bit for bit the same. The pass knows nothing of what an item is: the backend says
/// what it may touch and what it stores opaquely, by the rules of its own rasterizer. The CPU runs one
/// pass per band of rows and reads each item's visible spans row by row (`withSpans`); the GPU runs one
/// over the canvas or the frame's damage and draws each item's visible rectangles (`revealRectangles`).
/// Every item is answered on its own, so an item that is not simple never stops the pass.
public struct VisibilityPass {
    /// The region: no pixel outside it is visible.
    public let rows: Range<Int>, columns: Range<Int>
    /// Pixels of revealed areas (cut to the region) that were hidden, and those visible.
    public private(set) var hiddenPixels = 0, visiblePixels = 0

    @usableFromInline let words: Int
    /// One bit per pixel of the region, set once a later item stores it opaquely (`CoverageBits`).
    @usableFromInline var covered: [UInt64]
    /// For partially visible areas: per row, the index of its first span pair in `spans`.
    @usableFromInline var rowStarts: [Int32] = []
    @usableFromInline var spans: [Int32] = []
    /// Scratch rows of `revealRectangles`.
    private var runSpans: [Int32] = [], rowSpans: [Int32] = []

    /// A pass over `rows` × `columns` of a target, nothing covered yet.
    public init(rows: Range<Int>, columns: Range<Int>) {
        self.rows = rows
        self.columns = columns
        words = CoverageBits.words(forWidth: columns.count)
        covered = [UInt64](repeating: 0, count: max(1, words * rows.count))
    }

    /// The pixels of `rows` × `columns` (cut to the region) that no item covered so far hides.
    public mutating func reveal(rows: Range<Int>, columns: Range<Int>) -> VisibleArea {
        guard let (ys, xs, local, clear) = cut(rows: rows, columns: columns) else { return .hidden }
        let ox = self.columns.lowerBound, oy = self.rows.lowerBound, words = words
        let area = ys.count * xs.count
        if clear {
            visiblePixels += area
            return .all(rows: ys, columns: xs)
        }
        let base = rowStarts.count, spanBase = spans.count
        var whole = true, any = false, shown = 0
        covered.withUnsafeBufferPointer { map in
            for y in ys {
                let first = spans.count
                rowStarts.append(Int32(first >> 1))
                CoverageBits.forEachClearSpan(in: map.baseAddress! + (y - oy) * words, from: local.lowerBound, to: local.upperBound) { lo, hi in
                    spans.append(Int32(lo + ox))
                    spans.append(Int32(hi + ox))
                    shown += hi - lo
                    if lo != local.lowerBound || hi != local.upperBound { whole = false }
                    any = true
                }
                if spans.count == first { whole = false }
            }
        }
        rowStarts.append(Int32(spans.count >> 1))
        visiblePixels += shown
        hiddenPixels += area - shown
        guard !whole, any else {
            rowStarts.removeSubrange(base...)
            spans.removeSubrange(spanBase...)
            return any ? .all(rows: ys, columns: xs) : .hidden
        }
        return .partial(base: base, rows: ys)
    }

    /// An area cut to the region, its columns in the map's words, and whether no pixel of it is covered;
    /// nil when nothing of it lies in the region.
    private func cut(rows: Range<Int>, columns: Range<Int>) -> (Range<Int>, Range<Int>, local: Range<Int>, clear: Bool)? {
        let ys = rows.clamped(to: self.rows), xs = columns.clamped(to: self.columns)
        guard !ys.isEmpty, !xs.isEmpty else { return nil }
        let oy = self.rows.lowerBound, words = words
        let local = (xs.lowerBound - self.columns.lowerBound)..<(xs.upperBound - self.columns.lowerBound)
        let clear = covered.withUnsafeBufferPointer { map in
            !ys.contains { !CoverageBits.isClear(local, in: map.baseAddress! + ($0 - oy) * words) }
        }
        return (ys, xs, local, clear)
    }

    /// Marks covered, on each row `y` of `rows`, the pixels of `span(y)` (both cut to the region): what an
    /// item stores opaquely there.
    @inlinable
    public mutating func cover(rows: Range<Int>, _ span: (Int) -> Range<Int>) {
        let ys = rows.clamped(to: self.rows)
        guard !ys.isEmpty else { return }
        let ox = columns.lowerBound, oy = self.rows.lowerBound, words = words, region = columns
        covered.withUnsafeMutableBufferPointer { map in
            for y in ys {
                let s = span(y).clamped(to: region)
                if !s.isEmpty { CoverageBits.cover((s.lowerBound - ox)..<(s.upperBound - ox), in: map.baseAddress! + (y - oy) * words) }
            }
        }
    }

    /// Marks every pixel of `rows` × `columns` (cut to the region) covered.
    public mutating func cover(rows: Range<Int>, columns: Range<Int>) {
        let ys = rows.clamped(to: self.rows), xs = columns.clamped(to: self.columns)
        guard !ys.isEmpty, !xs.isEmpty else { return }
        let local = (xs.lowerBound - self.columns.lowerBound)..<(xs.upperBound - self.columns.lowerBound)
        let oy = self.rows.lowerBound, words = words
        covered.withUnsafeMutableBufferPointer { map in
            for y in ys { CoverageBits.cover(local, in: map.baseAddress! + (y - oy) * words) }
        }
    }

    /// Runs `body` with an area's visible spans; not at all when it is hidden.
    @inlinable
    public func withSpans(of area: VisibleArea, _ body: (VisibleSpans) -> Void) {
        switch area {
        case .hidden: return
        case .all: body(.all)
        case .partial(let base, let rows):
            rowStarts.withUnsafeBufferPointer { starts in
                spans.withUnsafeBufferPointer { sp in
                    body(VisibleSpans(rowStarts: starts.baseAddress! + base, spans: sp.baseAddress!, firstRow: rows.lowerBound))
                }
            }
        }
    }

    /// `reveal` for a backend that draws rectangles: calls `body` with the visible pixels of `rows` × `columns`
    /// (cut to the region) as disjoint rectangles, top to bottom and left to right — each run of rows with the
    /// same visible spans gives one rectangle per span — without keeping spans. Returns whether any is visible.
    @discardableResult
    public mutating func revealRectangles(rows: Range<Int>, columns: Range<Int>,
                                          _ body: (_ rows: Range<Int>, _ columns: Range<Int>) -> Void) -> Bool {
        guard let (ys, xs, local, clear) = cut(rows: rows, columns: columns) else { return false }
        let ox = self.columns.lowerBound, oy = self.rows.lowerBound, words = words
        let area = ys.count * xs.count
        if clear {
            visiblePixels += area
            body(ys, xs)
            return true
        }
        var run = ys.lowerBound, shown = 0
        runSpans.removeAll(keepingCapacity: true)
        covered.withUnsafeBufferPointer { map in
            for y in ys {
                let line = map.baseAddress! + (y - oy) * words
                if y > ys.lowerBound && CoverageBits.sameBits(line, line - words, in: local) { continue }
                rowSpans.removeAll(keepingCapacity: true)
                CoverageBits.forEachClearSpan(in: line, from: local.lowerBound, to: local.upperBound) { lo, hi in
                    rowSpans.append(Int32(lo + ox))
                    rowSpans.append(Int32(hi + ox))
                }
                if y > ys.lowerBound && rowSpans == runSpans { continue }
                shown += Self.emit(runSpans, rows: run..<y, body)
                swap(&runSpans, &rowSpans)
                run = y
            }
        }
        shown += Self.emit(runSpans, rows: run..<ys.upperBound, body)
        visiblePixels += shown
        hiddenPixels += area - shown
        return shown > 0
    }

    /// Calls `body` with one rectangle per span pair of `spans` over `rows`; returns their pixels.
    private static func emit(_ spans: [Int32], rows: Range<Int>, _ body: (Range<Int>, Range<Int>) -> Void) -> Int {
        guard !rows.isEmpty else { return 0 }
        var pixels = 0
        for k in stride(from: 0, to: spans.count, by: 2) {
            body(rows, Int(spans[k])..<Int(spans[k + 1]))
            pixels += rows.count * Int(spans[k + 1] - spans[k])
        }
        return pixels
    }
}
