import Lamina

/// Cross-command occlusion for one band of rows of a run: which pixels of each command are stored
/// over by the opaque interior of a later command of the same run, so drawing them is wasted.
///
/// The run is walked from its last command to its first with a one-bit-per-pixel "covered" map of
/// the band. A command's visible pixels are the uncovered ones of its bounds; then its solid pixels
/// (an opaque fill's fully covered, fully unclipped interior, which it stores without blending) are
/// marked covered. A pixel a later command stores opaquely ends with that store whatever was drawn
/// before, so skipping earlier work there leaves the target bit for bit the same.
struct OcclusionCuller {
    /// Per command: how it is visible in this band.
    enum State {
        case hidden
        case all
        /// Rows from `firstRow` on, described from index `base` of `rowStarts`.
        case partial(base: Int, firstRow: Int)
    }

    let rows: Range<Int>
    private(set) var states: [State]
    private(set) var rowStarts: [Int32] = []
    private(set) var spans: [Int32] = []
    /// Pixels of the commands' bounds in this band that are hidden.
    private(set) var hiddenPixels = 0

    /// `boxes` and `occludes` are the commands' `bounds` and `occludes`, found once for all bands.
    init(_ commands: [PreparedCommand], boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)], occludes: [Bool],
         rows: Range<Int>, width: Int) {
        self.rows = rows
        states = Array(repeating: .hidden, count: commands.count)
        let words = CoverageBits.words(forWidth: width)
        var covered = [UInt64](repeating: 0, count: max(1, words * rows.count))
        commands.withUnsafeBufferPointer { list in
        covered.withUnsafeMutableBufferPointer { map in
            for i in stride(from: commands.count - 1, through: 0, by: -1) {
                let b = boxes[i]
                let y0 = max(rows.lowerBound, b.y0), y1 = min(rows.upperBound, b.y1)
                let x0 = max(0, b.x0), x1 = min(width, b.x1)
                guard y0 < y1, x0 < x1 else { continue }
                let ys = y0..<y1, xs = x0..<x1
                states[i] = cull(rows: ys, columns: xs, map: map.baseAddress!, words: words)
                guard occludes[i] else { continue }
                for y in ys {
                    let s = list[i].solidSpan(row: y).intersect(xs)
                    if !s.isEmpty { CoverageBits.cover(s, in: map.baseAddress! + (y - rows.lowerBound) * words) }
                }
            }
        }
        }
    }

    /// The visible spans of a command's rectangle in the covered map, recorded unless all or nothing is
    /// visible (a rectangle with no covered pixel is answered before any span is recorded).
    private mutating func cull(rows ys: Range<Int>, columns xs: Range<Int>, map: UnsafeMutablePointer<UInt64>, words: Int) -> State {
        var clear = true
        for y in ys where !CoverageBits.isClear(xs, in: map + (y - rows.lowerBound) * words) { clear = false; break }
        if clear { return .all }
        let base = rowStarts.count, spanBase = spans.count
        var whole = true, any = false, visible = 0
        for y in ys {
            rowStarts.append(Int32(spans.count >> 1))
            let line = map + (y - rows.lowerBound) * words
            CoverageBits.forEachClearSpan(in: line, from: xs.lowerBound, to: xs.upperBound) { lo, hi in
                spans.append(Int32(lo)); spans.append(Int32(hi))
                visible += hi - lo
                if lo != xs.lowerBound || hi != xs.upperBound { whole = false }
                any = true
            }
            if spans.count == (Int(rowStarts[rowStarts.count - 1]) << 1) { whole = false }
        }
        rowStarts.append(Int32(spans.count >> 1))
        hiddenPixels += ys.count * xs.count - visible
        if whole || !any {
            rowStarts.removeSubrange(base...)
            spans.removeSubrange(spanBase...)
            return any ? .all : .hidden
        }
        return .partial(base: base, firstRow: ys.lowerBound)
    }

    /// Runs `body` with the command's visibility in this band; nil when it is hidden in it.
    @inline(__always) func withVisibility(of i: Int, _ body: (Visibility) -> Void) {
        switch states[i] {
        case .hidden: return
        case .all: body(.all)
        case .partial(let base, let first):
            rowStarts.withUnsafeBufferPointer { starts in
                spans.withUnsafeBufferPointer { sp in
                    body(Visibility(rowStarts: starts.baseAddress! + base, spans: sp.baseAddress!, firstRow: first))
                }
            }
        }
    }
}
