/// Polygon edges in mask-local pixels, sorted by top y, with an active list swept downwards.
///
/// The active list is kept in the x order of the last line it was asked about: from one line to the next
/// few crossings swap places, so sorting it again is an insertion sort of few moves. When a line needs
/// more moves than `shiftBudget` allows (many edges arriving at once in an order of their own), it is
/// sorted in full instead, so a line of k crossings costs O(k log k) at worst.
struct EdgeTable {
    struct Edge {
        var x0: Double, y0: Double, slope: Double, y1: Double, winding: Int
    }

    /// An active edge and where it crosses the current line.
    private struct Active {
        var edge: Edge
        var x: Double
    }

    private var edges: [Edge] = []
    private var next = 0
    private var active: [Active] = []
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

    /// Element moves an insertion sort of `count` crossings may make before the line is sorted in full.
    static func shiftBudget(_ count: Int) -> Int { 4 * count + 64 }

    /// The x positions where edges cross the line at `y` (edges include their top, exclude their bottom),
    /// sorted by x, with each edge's winding direction. Lines are asked for from the top down.
    mutating func crossings(atY y: Double, into out: inout [(x: Double, winding: Int)]) {
        while next < edges.count && edges[next].y0 <= y {
            active.append(Active(edge: edges[next], x: 0))
            next += 1
        }
        active.removeAll { $0.edge.y1 <= y }
        out.removeAll(keepingCapacity: true)
        guard !active.isEmpty else { return }
        let sorted = active.withUnsafeMutableBufferPointer { a -> Bool in
            for i in a.indices {
                let e = a[i].edge
                let x = e.x0 + (y - e.y0) * e.slope
                a[i].x = x.isNaN ? e.x0 : x
            }
            return Self.insertionSort(a, budget: Self.shiftBudget(a.count))
        }
        if !sorted { active.sort { $0.x < $1.x } }
        out.reserveCapacity(active.count)
        for a in active { out.append((a.x, a.edge.winding)) }
    }

    /// Sorts `a` by x by insertion, stably; false (with `a` a permutation of what it was) when that needs
    /// more than `budget` moves.
    private static func insertionSort(_ a: UnsafeMutableBufferPointer<Active>, budget: Int) -> Bool {
        var moves = 0
        for i in a.indices.dropFirst() where a[i].x < a[i - 1].x {
            let v = a[i]
            var j = i - 1
            while j >= 0 && a[j].x > v.x {
                a[j + 1] = a[j]
                j -= 1
                moves += 1
            }
            a[j + 1] = v
            if moves > budget { return false }
        }
        return true
    }
}
