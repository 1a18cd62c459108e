/// Uniform subdivision of Bézier curves into line segments within a distance tolerance.
///
/// With a region (the pixels a mask covers), a curve whose control points all lie above, below or
/// right of it becomes its chord, and one wholly left of it becomes the polyline through its
/// y-extrema: for a scanline fill of the region only the rows a curve crosses, and in which direction,
/// matter there, and these keep them exactly. So a curve costs segments by its size on the canvas.
enum CurveFlattener {
    /// The largest number of segments one curve is split into.
    static let maxSegments = 4096

    /// Appends the points after `p0` of a quadratic curve. Error bound: |B''|/8·h² with |B''| = 2·|p0 − 2c + p1|.
    static func quad(_ p0: Point, _ c: Point, _ p1: Point, tolerance: Double, region: Rect? = nil, into out: inout [Point]) {
        if let region, outside([p0, c, p1], region, into: &out, extrema: { quadExtrema(p0.y, c.y, p1.y) },
                                   at: { t in let u = 1 - t; return p0 * (u * u) + c * (2 * u * t) + p1 * (t * t) }) {
            return
        }
        let dd = (p0 - c * 2 + p1).length
        let n = segmentCount(dd / (4 * tolerance))
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            out.append(i == n ? p1 : p0 * (u * u) + c * (2 * u * t) + p1 * (t * t))
        }
    }

    /// Appends the points after `p0` of a cubic curve. Error bound: |B''|/8·h² with |B''| ≤ 6·max second difference.
    static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, tolerance: Double, region: Rect? = nil,
                      into out: inout [Point]) {
        let at = { (t: Double) -> Point in
            let u = 1 - t
            return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
        }
        if let region, outside([p0, c1, c2, p1], region, into: &out, extrema: { cubicExtrema(p0.y, c1.y, c2.y, p1.y) }, at: at) {
            return
        }
        let dd = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length)
        let n = segmentCount(0.75 * dd / tolerance)
        for i in 1...n {
            let t = Double(i) / Double(n), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
            out.append(i == n ? p1 : p0 * a + c1 * b + c2 * cc + p1 * d)
        }
    }

    /// Appends the stand-in of a curve whose control points lie wholly outside `region` and returns
    /// true; returns false (appending nothing) when the curve may cross it.
    private static func outside(_ points: [Point], _ region: Rect, into out: inout [Point],
                                extrema: () -> [Double], at: (Double) -> Point) -> Bool {
        let xs = points.map(\.x), ys = points.map(\.y)
        let end = points[points.count - 1]
        if ys.max()! <= region.minY || ys.min()! >= region.maxY || xs.min()! >= region.maxX {
            out.append(end)
            return true
        }
        guard xs.max()! <= region.minX else { return false }
        for t in extrema().sorted() where t > 0 && t < 1 { out.append(at(t)) }
        out.append(end)
        return true
    }

    /// Parameters in (0, 1) where a quadratic's coordinate a, b, c has a zero derivative.
    static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let d = a - 2 * b + c
        guard d != 0 else { return [] }
        let t = (a - b) / d
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate a, b, c, d has a zero derivative.
    static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        // B'(t)/3 = (b−a)(1−t)² + 2(c−b)(1−t)t + (d−c)t² = A t² + B t + C.
        let qa = (b - a) - 2 * (c - b) + (d - c), qb = 2 * ((c - b) - (b - a)), qc = b - a
        var roots: [Double] = []
        if abs(qa) < 1e-12 * max(abs(qb), abs(qc), 1e-300) {
            if qb != 0 { roots = [-qc / qb] }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let s = disc.squareRoot()
                roots = [(-qb + s) / (2 * qa), (-qb - s) / (2 * qa)]
            }
        }
        return roots.filter { $0.isFinite && $0 > 0 && $0 < 1 }
    }

    private static func segmentCount(_ squared: Double) -> Int {
        guard squared.isFinite else { return 1 }
        return max(1, min(maxSegments, Int(saturating: squared.squareRoot().rounded(.up))))
    }
}
