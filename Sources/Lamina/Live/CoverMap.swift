/// Which pixels of one damage rect the commands drawn after a point store opaquely, for culling the
/// commands below them before a backend sees them (`RenderPlan.restricted(to:)`).
///
/// Pixels are grouped in square cells (one pixel for rects up to 512 pixels on a side, larger for larger
/// rects, so a check costs at most a few thousand words); a cell is covered only when every pixel of it
/// inside the rect is, so what the map says is hidden is hidden. Its rows of cells are `CoverageBits` rows, as
/// the backends' `VisibilityPass` keeps for pixels.
struct CoverMap {
    let area: PixelRect
    let cell: Int
    private let columns: Int
    private let rows: Int
    private let words: Int
    private var bits: [UInt64]

    init(_ area: PixelRect) {
        self.area = area
        cell = max(1, (max(area.width, area.height) + 511) / 512)
        columns = (area.width + cell - 1) / cell
        rows = (area.height + cell - 1) / cell
        words = (columns + 63) / 64
        bits = [UInt64](repeating: 0, count: max(1, words * rows))
    }

    /// Marks the cells whose pixels in the rect all lie in `r`.
    mutating func cover(_ r: PixelRect) {
        guard let r = r.intersection(area) else { return }
        let c0 = Self.up(r.x - area.x, cell), r0 = Self.up(r.y - area.y, cell)
        let c1 = r.x + r.width == area.x + area.width ? columns : (r.x + r.width - area.x) / cell
        let r1 = r.y + r.height == area.y + area.height ? rows : (r.y + r.height - area.y) / cell
        guard c1 > c0, r1 > r0 else { return }
        let words = words
        bits.withUnsafeMutableBufferPointer { map in
            for row in r0..<r1 { CoverageBits.cover(c0..<c1, in: map.baseAddress! + row * words) }
        }
    }

    /// The cells holding the pixels of `box` in the rect; nil when `box` misses the rect.
    private func cells(of box: PixelRect) -> (rows: Range<Int>, columns: Range<Int>, box: PixelRect)? {
        guard let b = box.intersection(area) else { return nil }
        return ((b.y - area.y) / cell..<Self.up(b.y + b.height - area.y, cell),
                (b.x - area.x) / cell..<Self.up(b.x + b.width - area.x, cell), b)
    }

    /// The smallest box holding the pixels of `box` in the rect that are not covered; nil when none is left.
    func uncovered(in box: PixelRect) -> PixelRect? {
        guard let (rs, cs, b) = cells(of: box) else { return nil }
        var minC = Int.max, maxC = -1, minR = Int.max, maxR = -1
        bits.withUnsafeBufferPointer { map in
            for row in rs {
                let line = map.baseAddress! + row * words
                let first = CoverageBits.next(clear: true, from: cs.lowerBound, limit: cs.upperBound, in: line)
                guard first < cs.upperBound else { continue }
                var last = first
                CoverageBits.forEachClearSpan(in: line, from: max(first, maxC + 1), to: cs.upperBound) { _, hi in last = hi - 1 }
                minC = min(minC, first); maxC = max(maxC, last)
                minR = min(minR, row); maxR = row
            }
        }
        guard maxC >= 0 else { return nil }
        let found = PixelRect(x: area.x + minC * cell, y: area.y + minR * cell,
                              width: (maxC + 1 - minC) * cell, height: (maxR + 1 - minR) * cell)
        return found.intersection(b)
    }

    /// Whether any pixel of `box` in the rect is not covered (`uncovered(in:) != nil`, stopping at the first).
    func showsAny(of box: PixelRect) -> Bool {
        guard let (rs, cs, _) = cells(of: box) else { return false }
        return bits.withUnsafeBufferPointer { map in
            rs.contains { CoverageBits.next(clear: true, from: cs.lowerBound, limit: cs.upperBound, in: map.baseAddress! + $0 * words) < cs.upperBound }
        }
    }

    private static func up(_ v: Int, _ d: Int) -> Int { (v + d - 1) / d }
}
