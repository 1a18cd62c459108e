/// A grid over the boxes of a layer's sublayers (by drawing position), each listed in the cells it overlaps;
/// a box over more than `maxCellsPerBox` cells is kept aside and tested on each query (`SublayerIndex`).
struct SublayerGrid: Sendable {
    static let maxCellsPerBox = 64

    private let area: Rect
    private let columns: Int, rows: Int
    /// Cell `c`'s positions are `items[starts[c] ..< starts[c + 1]]`.
    private let starts: [Int32]
    private let items: [Int32]
    private let wide: [Int]

    /// Cells sized to the boxes' mean size (at most 64 a side), so that a typical box spans one to four.
    init(count: Int, box: (Int) -> Rect?) {
        var union: Rect?, meanWidth = 0.0, meanHeight = 0.0, placed = 0
        for k in 0..<count {
            guard let b = box(k) else { continue }
            union = union.map { $0.union(b) } ?? b
            meanWidth += b.width
            meanHeight += b.height
            placed += 1
        }
        let area = union ?? .zero
        let n = Double(max(1, placed))
        self.area = area
        let columns = Self.divisions(area.width, typical: meanWidth / n)
        let rows = Self.divisions(area.height, typical: meanHeight / n)
        self.columns = columns
        self.rows = rows
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var wide: [Int] = []
        var spans = [Int32](repeating: -1, count: 4 * count)
        for k in 0..<count {
            guard let b = box(k) else { continue }
            let (c0, c1, r0, r1) = Self.cells(of: b, area: area, columns: columns, rows: rows)
            if (c1 - c0) * (r1 - r0) > Self.maxCellsPerBox { wide.append(k); continue }
            spans[4 * k] = Int32(c0); spans[4 * k + 1] = Int32(c1); spans[4 * k + 2] = Int32(r0); spans[4 * k + 3] = Int32(r1)
            for r in r0..<r1 { for c in c0..<c1 { counts[r * columns + c + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for k in 0..<count where spans[4 * k] >= 0 {
            for r in Int(spans[4 * k + 2])..<Int(spans[4 * k + 3]) {
                for c in Int(spans[4 * k])..<Int(spans[4 * k + 1]) {
                    items[Int(fill[r * columns + c])] = Int32(k)
                    fill[r * columns + c] += 1
                }
            }
        }
        self.wide = wide
        starts = counts
        self.items = items
    }

    /// Appends the positions listed where `q` lies whose current box (`box`) meets `q`; a position may be
    /// appended more than once.
    func collect(meeting q: Rect, box: (Int) -> Rect?, into found: inout [Int]) {
        for k in wide where box(k).map({ Self.meets($0, q) }) == true { found.append(k) }
        guard Self.meets(area, q) else { return }
        let (c0, c1, r0, r1) = Self.cells(of: q, area: area, columns: columns, rows: rows)
        for r in r0..<r1 {
            for c in c0..<c1 {
                let cell = r * columns + c
                for j in Int(starts[cell])..<Int(starts[cell + 1]) {
                    let k = Int(items[j])
                    if let b = box(k), Self.meets(b, q) { found.append(k) }
                }
            }
        }
    }

    /// Whether two boxes overlap or touch.
    static func meets(_ a: Rect, _ b: Rect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    private static func divisions(_ length: Double, typical: Double) -> Int {
        guard length > 0, typical > 0 else { return 1 }
        return max(1, min(64, Int((length / typical).rounded(.down))))
    }

    /// The cells a box overlaps, as column and row ranges `c0..<c1`, `r0..<r1` (clamped: a box outside the
    /// grid gets the edge cells).
    private static func cells(of box: Rect, area: Rect, columns: Int, rows: Int) -> (Int, Int, Int, Int) {
        func span(_ lo: Double, _ hi: Double, _ origin: Double, _ size: Double, _ n: Int) -> (Int, Int) {
            guard size > 0 else { return (0, n) }
            let scale = Double(n) / size
            let a = Int(max(0, min(Double(n - 1), ((lo - origin) * scale).rounded(.down))))
            let b = Int(max(0, min(Double(n - 1), ((hi - origin) * scale).rounded(.down))))
            return (a, max(a, b) + 1)
        }
        let (c0, c1) = span(box.minX, box.maxX, area.minX, area.width, columns)
        let (r0, r1) = span(box.minY, box.maxY, area.minY, area.height, rows)
        return (c0, c1, r0, r1)
    }
}
