/// Which pixels of one damage rect the commands drawn after a point store opaquely, for culling the
/// commands below them before a backend sees them (`RenderPlan.restricted(to:)`, `DamageOcclusion`): the
/// backends' `VisibilityPass` at a coarser grain.
///
/// Pixels are grouped in square cells (one pixel for rects up to 512 pixels on a side, larger for larger
/// rects, so a check costs at most a few thousand words), and the pass runs over the cells: a cell is covered
/// only when every pixel of it inside the rect is, so what the map says is hidden is hidden.
struct CoverMap {
    let area: PixelRect
    let cell: Int
    private let columns: Int
    private let rows: Int
    private var pass: VisibilityPass

    init(_ area: PixelRect) {
        self.area = area
        cell = max(1, (max(area.width, area.height) + 511) / 512)
        columns = (area.width + cell - 1) / cell
        rows = (area.height + cell - 1) / cell
        pass = VisibilityPass(rows: 0..<rows, columns: 0..<columns)
    }

    /// Marks the cells whose pixels in the rect all lie in `r`.
    mutating func cover(_ r: PixelRect) {
        guard let r = r.intersection(area) else { return }
        let c0 = Self.up(r.x - area.x, cell), r0 = Self.up(r.y - area.y, cell)
        let c1 = r.x + r.width == area.x + area.width ? columns : (r.x + r.width - area.x) / cell
        let r1 = r.y + r.height == area.y + area.height ? rows : (r.y + r.height - area.y) / cell
        guard c1 > c0, r1 > r0 else { return }
        pass.cover(rows: r0..<r1, columns: c0..<c1)
    }

    /// The cells holding the pixels of `box` in the rect; nil when `box` misses the rect.
    private func cells(of box: PixelRect) -> (rows: Range<Int>, columns: Range<Int>, box: PixelRect)? {
        guard let b = box.intersection(area) else { return nil }
        return ((b.y - area.y) / cell..<Self.up(b.y + b.height - area.y, cell),
                (b.x - area.x) / cell..<Self.up(b.x + b.width - area.x, cell), b)
    }

    /// The smallest box holding the pixels of `box` in the rect that are not covered; nil when none is left.
    func uncovered(in box: PixelRect) -> PixelRect? {
        guard let (rs, cs, b) = cells(of: box), let found = pass.uncoveredBox(rows: rs, columns: cs) else { return nil }
        return PixelRect(x: area.x + found.columns.lowerBound * cell, y: area.y + found.rows.lowerBound * cell,
                         width: found.columns.count * cell, height: found.rows.count * cell).intersection(b)
    }

    /// Whether any pixel of `box` in the rect is not covered (`uncovered(in:) != nil`, stopping at the first).
    func showsAny(of box: PixelRect) -> Bool {
        guard let (rs, cs, _) = cells(of: box) else { return false }
        return pass.showsAny(rows: rs, columns: cs)
    }

    private static func up(_ v: Int, _ d: Int) -> Int { (v + d - 1) / d }
}
