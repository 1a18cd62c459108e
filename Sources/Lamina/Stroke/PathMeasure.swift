/// Arc length along flattened subpaths, and the parts between two distances.
///
/// Distances run along the whole path: subpath k covers [offsets[k], offsets[k] + lengths[k]], one after
/// the other in the path's order (a closed subpath's closing segment included).
public struct PathMeasure: Sendable {
    /// The measured subpaths, in order.
    public let subpaths: [FlattenedSubpath]
    /// Each subpath's length.
    public let lengths: [Double]
    /// Where each subpath starts along the whole path.
    public let offsets: [Double]
    /// The sum of the lengths.
    public let totalLength: Double
    /// Per subpath, the distance from its start to each of its vertices (and to its end when closed).
    private let cumulative: [[Double]]

    /// Measures `subpaths` (their lengths and where each starts along the whole path).
    public init(_ subpaths: [FlattenedSubpath]) {
        self.subpaths = subpaths
        var lengths: [Double] = [], offsets: [Double] = [], cumulative: [[Double]] = []
        var total = 0.0
        for s in subpaths {
            var c: [Double] = [0]
            c.reserveCapacity(s.points.count + 1)
            var run = 0.0
            for i in 1..<max(1, s.points.count) {
                run += (s.points[i] - s.points[i - 1]).length
                c.append(run)
            }
            if s.isClosed, s.points.count > 1 {
                run += (s.points[0] - s.points[s.points.count - 1]).length
                c.append(run)
            }
            cumulative.append(c)
            offsets.append(total)
            lengths.append(run)
            total += run
        }
        self.lengths = lengths
        self.offsets = offsets
        self.cumulative = cumulative
        self.totalLength = total
    }

    /// The parts of the path between distances `from` and `to` (clamped to the path), in order: one piece
    /// per subpath the range meets. A closed subpath covered whole stays closed; otherwise pieces are open.
    /// A range of zero length gives one zero-length piece (a point with the path's direction there);
    /// a subpath of zero length inside the range gives one too. Pieces touching a range only at an
    /// end point are left out.
    public func segment(from: Double, to: Double) -> [FlattenedSubpath] {
        var out: [FlattenedSubpath] = []
        append(from: from, to: to, into: &out)
        return out
    }

    /// Appends the pieces of `segment(from:to:)` to `out`.
    public func append(from a: Double, to b: Double, into out: inout [FlattenedSubpath]) {
        guard a <= b, !subpaths.isEmpty else { return }
        var k = firstSubpath(endingAtOrAfter: a)
        while k < subpaths.count {
            let start = offsets[k], length = lengths[k]
            if start > b { break }
            let lo = max(0, a - start), hi = min(length, b - start)
            if length == 0 {
                if a <= start { out.append(point(k, at: 0)) }
            } else if a == b {
                if lo <= hi { out.append(point(k, at: lo)); return }
            } else if a <= start && b >= start + length {
                out.append(subpaths[k])
            } else if hi > lo {
                out.append(piece(k, lo, hi))
            }
            k += 1
        }
    }

    /// The first subpath whose end is at or after distance d (binary search).
    private func firstSubpath(endingAtOrAfter d: Double) -> Int {
        var lo = 0, hi = subpaths.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offsets[mid] + lengths[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the segment of subpath k holding local distance d: cumulative[i] ≤ d < cumulative[i+1].
    private func segmentIndex(_ k: Int, _ d: Double) -> Int {
        let c = cumulative[k]
        var lo = 0, hi = c.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if c[mid] <= d { lo = mid } else { hi = mid }
        }
        return lo
    }

    private func vertex(_ k: Int, _ i: Int) -> Point {
        let p = subpaths[k].points
        return p[i % p.count]
    }

    /// The point at local distance d along segment i of subpath k.
    private func location(_ k: Int, _ i: Int, _ d: Double) -> Point {
        let c = cumulative[k]
        let a = vertex(k, i), b = vertex(k, i + 1)
        let span = c[i + 1] - c[i]
        guard span > 0 else { return a }
        let t = min(1, max(0, (d - c[i]) / span))
        return t == 1 ? b : a + (b - a) * t
    }

    /// The unit direction of the path at local distance d of subpath k (of the first segment of
    /// non-zero length at or after d, or before it at the end), nil when the subpath has no length.
    private func direction(_ k: Int, _ d: Double) -> Point? {
        let c = cumulative[k]
        guard c.count > 1 else { return nil }
        let i = segmentIndex(k, d)
        for j in Array(i..<c.count - 1) + Array((0..<i).reversed()) {
            let v = vertex(k, j + 1) - vertex(k, j)
            let l = v.length
            if l > 0 { return v * (1 / l) }
        }
        return nil
    }

    private func point(_ k: Int, at d: Double) -> FlattenedSubpath {
        let c = cumulative[k]
        let p = c.count > 1 ? location(k, segmentIndex(k, d), d) : subpaths[k].points[0]
        return FlattenedSubpath(points: [p, p], isClosed: false, direction: direction(k, d))
    }

    /// Local range [lo, hi] of subpath k with 0 ≤ lo < hi ≤ length.
    private func piece(_ k: Int, _ lo: Double, _ hi: Double) -> FlattenedSubpath {
        let c = cumulative[k]
        let i0 = segmentIndex(k, lo)
        let i1 = segmentIndex(k, hi)
        var pts: [Point] = [location(k, i0, lo)]
        pts.reserveCapacity(i1 - i0 + 2)
        if i1 > i0 {
            for i in (i0 + 1)...i1 where c[i] > lo && c[i] < hi { pts.append(vertex(k, i)) }
        }
        pts.append(location(k, min(i1, c.count - 2), hi))
        return FlattenedSubpath(points: pts, isClosed: false)
    }
}
