/// Polygon edges in mask-local pixels, sorted by top y, with an active list swept downwards.
struct EdgeTable {
    struct Edge {
        var x0: Double, y0: Double, slope: Double, y1: Double, winding: Int
    }

    private var edges: [Edge] = []
    private var next = 0
    private var active: [Edge] = []
    private var minY = Double.infinity
    private var maxY = -Double.infinity

    init(polygons: [[Point]], originX: Double, originY: Double) {
        for polygon in polygons where polygon.count >= 3 {
            for i in 0..<polygon.count {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let ax = p.x - originX, ay = p.y - originY, bx = q.x - originX, by = q.y - originY
                guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { continue }
                let down = ay < by
                let (tx, ty, ex, ey) = down ? (ax, ay, bx, by) : (bx, by, ax, ay)
                edges.append(Edge(x0: tx, y0: ty, slope: (ex - tx) / (ey - ty), y1: ey, winding: down ? 1 : -1))
                minY = min(minY, ty); maxY = max(maxY, ey)
            }
        }
        edges.sort { $0.y0 < $1.y0 }
    }

    /// False when no edge reaches pixel row `row` (a fast skip for empty rows).
    func mayCover(row: Int) -> Bool { Double(row + 1) > minY && Double(row) < maxY }

    /// The x positions where edges cross the line at `y` (edges include their top, exclude their bottom),
    /// sorted by x, with each edge's winding direction.
    mutating func crossings(atY y: Double, into out: inout [(x: Double, winding: Int)]) {
        while next < edges.count && edges[next].y0 <= y {
            active.append(edges[next])
            next += 1
        }
        active.removeAll { $0.y1 <= y }
        out.removeAll(keepingCapacity: true)
        for e in active where e.y0 <= y {
            out.append((e.x0 + (y - e.y0) * e.slope, e.winding))
        }
        if out.count > 1 {
            for i in 1..<out.count {
                let v = out[i]
                var j = i - 1
                while j >= 0 && out[j].x > v.x { out[j + 1] = out[j]; j -= 1 }
                out[j + 1] = v
            }
        }
    }
}
