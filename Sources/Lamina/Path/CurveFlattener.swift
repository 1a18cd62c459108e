/// Uniform subdivision of Bézier curves into line segments within a distance tolerance.
enum CurveFlattener {
    /// The largest number of segments one curve is split into.
    static let maxSegments = 4096

    /// Appends the points after `p0` of a quadratic curve. Error bound: |B''|/8·h² with |B''| = 2·|p0 − 2c + p1|.
    static func quad(_ p0: Point, _ c: Point, _ p1: Point, tolerance: Double, into out: inout [Point]) {
        let dd = (p0 - c * 2 + p1).length
        let n = segmentCount(dd / (4 * tolerance))
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            out.append(i == n ? p1 : p0 * (u * u) + c * (2 * u * t) + p1 * (t * t))
        }
    }

    /// Appends the points after `p0` of a cubic curve. Error bound: |B''|/8·h² with |B''| ≤ 6·max second difference.
    static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, tolerance: Double, into out: inout [Point]) {
        let dd = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length)
        let n = segmentCount(0.75 * dd / tolerance)
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
            out.append(i == n ? p1 : p0 * a + c1 * b + c2 * cc + p1 * d)
        }
    }

    private static func segmentCount(_ squared: Double) -> Int {
        guard squared.isFinite else { return 1 }
        return max(1, min(maxSegments, Int(saturating: squared.squareRoot().rounded(.up))))
    }
}
