import Lamina

/// A supersampled rendering of a continuous rounded rect drawn straight from the three-Bézier corner
/// outline (`ContinuousCorner.cubics`), independent of the distance both backends evaluate.
struct ContinuousCornerOutline {
    /// The closed outline in the shape's own space, flattened finely.
    let polygon: [Point]

    init(_ shape: RoundedRect) {
        let r = shape.rect
        // Corners clockwise from the top-left on this y-down canvas: corner point, the edge the
        // outline arrives along (unit vector away from the corner), the edge it leaves along.
        let corners: [(Point, Point, Point, Double)] = [
            (Point(r.minX, r.minY), Point(0, 1), Point(1, 0), shape.radii.topLeft),
            (Point(r.maxX, r.minY), Point(-1, 0), Point(0, 1), shape.radii.topRight),
            (Point(r.maxX, r.maxY), Point(0, -1), Point(-1, 0), shape.radii.bottomRight),
            (Point(r.minX, r.maxY), Point(1, 0), Point(0, -1), shape.radii.bottomLeft),
        ]
        var points: [Point] = []
        for (corner, arrive, leave, radius) in corners {
            guard radius > 0 else { points.append(corner); continue }
            if !ContinuousCorner.fits(radius: radius, in: r) {
                // Circular with the same radius: a quarter circle from the arriving edge to the leaving one.
                let center = corner + arrive * radius + leave * radius
                for i in 0...256 {
                    let a = Double(i) / 256 * Double.pi / 2
                    points.append(center - leave * (radius * LaminaMath.cos(a)) - arrive * (radius * LaminaMath.sin(a)))
                }
                continue
            }
            // ContinuousCorner's (u, v): u along the arriving edge, v inward from it; the cubics run
            // from the arriving edge to the leaving edge when u follows `arrive` and v follows `leave`.
            for cubic in ContinuousCorner.cubics {
                for i in 0...256 {
                    let p = ContinuousCorner.point(on: cubic, at: Double(i) / 256)
                    points.append(corner + arrive * (p.x * radius) + leave * (p.y * radius))
                }
            }
        }
        polygon = points
    }

    /// Coverage of each target pixel (w × h) by the outline after `transform`, from n × n samples.
    func coverage(transform: AffineTransform, width w: Int, height h: Int, samples n: Int = 16) -> [Double] {
        let poly = polygon.map(transform.apply)
        var out = [Double](repeating: 0, count: w * h)
        for sy in 0..<(h * n) {
            let y = (Double(sy) + 0.5) / Double(n)
            var xs: [Double] = []
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                if (a.y <= y) != (b.y <= y) { xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)) }
            }
            xs.sort()
            var k = 0
            while k + 1 < xs.count {
                let lo = max(0, Int(((xs[k] * Double(n)) - 0.5).rounded(.up)))
                let hi = min(w * n - 1, Int(((xs[k + 1] * Double(n)) - 0.5).rounded(.down)))
                if lo <= hi {
                    for sx in lo...hi { out[(sy / n) * w + sx / n] += 1 }
                }
                k += 2
            }
        }
        let total = Double(n * n)
        return out.map { $0 / total }
    }
}
