/// Questions about what the covers so far leave uncovered, asked without revealing anything (the pass's
/// counts stay as they are): what a coarser map (`CoverMap`, a pass over cells) asks of it.
extension VisibilityPass {
    /// Whether any pixel of `rows` × `columns` (cut to the region) is not covered.
    public func showsAny(rows: Range<Int>, columns: Range<Int>) -> Bool {
        guard let (ys, local) = localArea(rows: rows, columns: columns) else { return false }
        let oy = self.rows.lowerBound, words = words
        return covered.withUnsafeBufferPointer { map in
            ys.contains { CoverageBits.next(clear: true, from: local.lowerBound, limit: local.upperBound, in: map.baseAddress! + ($0 - oy) * words) < local.upperBound }
        }
    }

    /// The smallest box holding the pixels of `rows` × `columns` (cut to the region) that are not covered; nil
    /// when every one is.
    public func uncoveredBox(rows: Range<Int>, columns: Range<Int>) -> (rows: Range<Int>, columns: Range<Int>)? {
        guard let (ys, local) = localArea(rows: rows, columns: columns) else { return nil }
        let oy = self.rows.lowerBound, words = words
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        covered.withUnsafeBufferPointer { map in
            for y in ys {
                let line = map.baseAddress! + (y - oy) * words
                let first = CoverageBits.next(clear: true, from: local.lowerBound, limit: local.upperBound, in: line)
                guard first < local.upperBound else { continue }
                var last = first
                CoverageBits.forEachClearSpan(in: line, from: max(first, maxX + 1), to: local.upperBound) { _, hi in last = hi - 1 }
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, y); maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        let ox = self.columns.lowerBound
        return (minY..<(maxY + 1), (minX + ox)..<(maxX + 1 + ox))
    }

    /// The rows of an area cut to the region, and its columns in the map's words; nil when it misses the region.
    private func localArea(rows: Range<Int>, columns: Range<Int>) -> (rows: Range<Int>, local: Range<Int>)? {
        let ys = rows.clamped(to: self.rows), xs = columns.clamped(to: self.columns)
        guard !ys.isEmpty, !xs.isEmpty else { return nil }
        return (ys, (xs.lowerBound - self.columns.lowerBound)..<(xs.upperBound - self.columns.lowerBound))
    }
}
