/// Which pixels of one damage rect the commands drawn after a point store opaquely, for culling the
/// commands below them before a backend sees them (`RenderPlan.restricted(to:)`).
///
/// Pixels are grouped in square cells (one pixel for rects up to 512 pixels on a side, larger for larger
/// rects, so a check costs at most a few thousand words); a cell is covered only when every pixel of it
/// inside the rect is, so what the map says is hidden is hidden.
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
        bits.withUnsafeMutableBufferPointer { map in
            for row in r0..<r1 {
                let line = row * words
                var c = c0
                while c < c1 {
                    let w = c >> 6, lo = c & 63, n = min(64 - lo, c1 - c)
                    map[line + w] |= (n == 64 ? ~0 : ((1 << UInt64(n)) - 1)) << UInt64(lo)
                    c += n
                }
            }
        }
    }

    /// The smallest box holding the pixels of `box` in the rect that are not covered; nil when none is left.
    func uncovered(in box: PixelRect) -> PixelRect? {
        guard let b = box.intersection(area) else { return nil }
        let c0 = (b.x - area.x) / cell, c1 = Self.up(b.x + b.width - area.x, cell)
        let r0 = (b.y - area.y) / cell, r1 = Self.up(b.y + b.height - area.y, cell)
        var minC = Int.max, maxC = -1, minR = Int.max, maxR = -1
        bits.withUnsafeBufferPointer { map in
            for row in r0..<r1 {
                let line = row * words
                var first = -1, last = -1
                var w = c0 >> 6
                while w <= (c1 - 1) >> 6 {
                    let lo = w == c0 >> 6 ? c0 & 63 : 0
                    let hi = w == (c1 - 1) >> 6 ? (c1 - 1) & 63 : 63
                    let span = hi == 63 ? ~UInt64(0) << UInt64(lo) : ((UInt64(1) << UInt64(hi + 1)) - 1) & (~UInt64(0) << UInt64(lo))
                    let clear = ~map[line + w] & span
                    if clear != 0 {
                        if first < 0 { first = w * 64 + clear.trailingZeroBitCount }
                        last = w * 64 + 63 - clear.leadingZeroBitCount
                    }
                    w += 1
                }
                guard first >= 0 else { continue }
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
        guard let b = box.intersection(area) else { return false }
        let c0 = (b.x - area.x) / cell, c1 = Self.up(b.x + b.width - area.x, cell)
        let r0 = (b.y - area.y) / cell, r1 = Self.up(b.y + b.height - area.y, cell)
        let w0 = c0 >> 6, w1 = (c1 - 1) >> 6
        let first = ~UInt64(0) << UInt64(c0 & 63)
        let last = (c1 - 1) & 63 == 63 ? ~UInt64(0) : (UInt64(1) << UInt64((c1 - 1) & 63 + 1)) - 1
        return bits.withUnsafeBufferPointer { map in
            for row in r0..<r1 {
                let line = row * words
                for w in w0...w1 {
                    var span = ~UInt64(0)
                    if w == w0 { span &= first }
                    if w == w1 { span &= last }
                    if ~map[line + w] & span != 0 { return true }
                }
            }
            return false
        }
    }

    private static func up(_ v: Int, _ d: Int) -> Int { (v + d - 1) / d }
}
