/// The outline of stroked polylines: closed polygons whose non-zero union is exactly the stroke.
///
/// Each segment is a rectangle (the segment offset by ± half the width); each vertex adds its join piece
/// on the outer side (a miter quad, a bevel triangle or a round wedge) and each open end its cap (a square
/// or a half disc). All polygons wind the same way (positive signed area), so filling them non-zero with
/// exact-area coverage draws their union, overlaps included.
struct StrokeOutliner {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest distance of a flattened arc from the true circle.
    let tolerance: Double

    init(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit
        self.tolerance = tolerance > 0 && tolerance.isFinite ? tolerance : halfWidth * 0.01
    }

    /// Appends the outline polygons of one piece to `out`.
    func outline(_ piece: FlattenedSubpath, into out: inout [[Point]]) {
        guard halfWidth > 0 else { return }
        let eps = halfWidth * 1e-9
        var pts: [Point] = []
        pts.reserveCapacity(piece.points.count)
        for p in piece.points where p.x.isFinite && p.y.isFinite {
            if let last = pts.last, (p - last).length <= eps { continue }
            pts.append(p)
        }
        let closed = piece.isClosed
        if closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= eps { pts.removeLast() }
        if pts.count == 1 {
            dot(at: pts[0], direction: piece.direction ?? Point(1, 0), into: &out)
            return
        }
        guard pts.count >= 2 else { return }
        let n = pts.count
        let segmentCount = closed ? n : n - 1
        var dirs: [Point] = []
        dirs.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let a = pts[i], b = pts[(i + 1) % n]
            let v = b - a
            dirs.append(v * (1 / v.length))
            let nrm = Point(-dirs[i].y, dirs[i].x) * halfWidth
            emit([a + nrm, b + nrm, b - nrm, a - nrm], into: &out)
        }
        if closed {
            for i in 0..<n { joinPiece(at: pts[i], dirs[(i + segmentCount - 1) % segmentCount], dirs[i], into: &out) }
        } else {
            for i in 1..<n - 1 { joinPiece(at: pts[i], dirs[i - 1], dirs[i], into: &out) }
            capPiece(at: pts[0], outward: dirs[0] * -1, into: &out)
            capPiece(at: pts[n - 1], outward: dirs[segmentCount - 1], into: &out)
        }
    }

    /// A zero-length piece: a disc with round caps, a square along `direction` with square caps, nothing with butt.
    func dot(at p: Point, direction: Point, into out: inout [[Point]]) {
        switch cap {
        case .butt: return
        case .round:
            emit(arc(center: p, from: Point(1, 0), to: Point(1, 0), via: Point(-1, 0), fullTurn: true), into: &out)
        case .square:
            let l = direction.length
            let u = l > 0 && l.isFinite ? direction * (1 / l) : Point(1, 0)
            let a = u * halfWidth, b = Point(-u.y, u.x) * halfWidth
            emit([p + a + b, p - a + b, p - a - b, p + a - b], into: &out)
        }
    }

    private func capPiece(at p: Point, outward u: Point, into out: inout [[Point]]) {
        let nrm = Point(-u.y, u.x)
        switch cap {
        case .butt: return
        case .square:
            let a = u * halfWidth, b = nrm * halfWidth
            emit([p + b, p + b + a, p - b + a, p - b], into: &out)
        case .round:
            emit([p] + arc(center: p, from: nrm, to: nrm * -1, via: u, fullTurn: false), into: &out)
        }
    }

    private func joinPiece(at v: Point, _ d0: Point, _ d1: Point, into out: inout [[Point]]) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) <= 1e-12 && dot > 0 { return }
        let s: Double = cross > 0 ? -1 : 1
        let n0 = Point(-d0.y, d0.x) * s, n1 = Point(-d1.y, d1.x) * s
        let o0 = v + n0 * halfWidth, o1 = v + n1 * halfWidth
        switch join {
        case .bevel:
            emit([v, o0, o1], into: &out)
        case .miter:
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 0, 1 / cosHalf <= miterLimit {
                let m = n0 + n1
                let ml = m.length
                if ml > 0 {
                    let tip = v + m * (halfWidth / (cosHalf * ml))
                    emit([v, o0, tip, o1], into: &out)
                    return
                }
            }
            emit([v, o0, o1], into: &out)
        case .round:
            let bis = d0 - d1
            let bl = bis.length
            let via = bl > 0 ? bis * (1 / bl) : d0
            emit([v] + arc(center: v, from: n0, to: n1, via: via, fullTurn: false), into: &out)
        }
    }

    /// Points on the circle of radius halfWidth about `center`, from unit direction `from` to `to` passing
    /// through `via` (each half at most a half turn), or a whole circle; within `tolerance` of the arc.
    /// Points other than the two ends lie on a slightly larger radius, r/√(sin δ/δ) for a step δ, so a
    /// fan of the points has the circular sector's area (a whole circle's area exactly).
    private func arc(center: Point, from: Point, to: Point, via: Point, fullTurn: Bool) -> [Point] {
        let a0 = LaminaMath.atan2(from.y, from.x)
        let total: Double
        if fullTurn {
            total = 2 * .pi
        } else {
            let h1 = LaminaMath.atan2(from.x * via.y - from.y * via.x, from.x * via.x + from.y * via.y)
            let h2 = LaminaMath.atan2(via.x * to.y - via.y * to.x, via.x * to.x + via.y * to.y)
            total = h1 + h2
        }
        let x = max(-1, min(1, 1 - tolerance / halfWidth))
        let step = 2 * LaminaMath.atan2((1 - x * x).squareRoot(), x)
        var count = step > 0 ? Int(saturating: (abs(total) / step).rounded(.up)) : 1
        count = max(fullTurn ? 8 : 1, min(4096, count))
        let delta = abs(total) / Double(count)
        let sinc = delta > 1e-9 ? LaminaMath.sin(delta) / delta : 1
        let inner = sinc > 0 ? halfWidth / sinc.squareRoot() : halfWidth
        var pts: [Point] = []
        pts.reserveCapacity(count + 1)
        let last = fullTurn ? count - 1 : count
        for k in 0...last {
            let t = a0 + total * Double(k) / Double(count)
            let radius = fullTurn || (k > 0 && k < last) ? inner : halfWidth
            pts.append(center + Point(LaminaMath.cos(t), LaminaMath.sin(t)) * radius)
        }
        return pts
    }

    /// Appends `polygon` wound with positive signed area; drops it when a coordinate or its area is not
    /// finite (coordinates near the limits of Double, where differences overflow).
    private func emit(_ polygon: [Point], into out: inout [[Point]]) {
        var area = 0.0
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            area += polygon[j].x * polygon[i].y - polygon[i].x * polygon[j].y
            j = i
        }
        guard area.isFinite else { return }
        out.append(area < 0 ? polygon.reversed() : polygon)
    }
}
