/// Signed distances (negative inside, in pixels) of the shapes the example assets are built from,
/// and the coverage rule that turns a distance into anti-aliased alpha.
///
/// Formulas are the standard exact distance functions for circles, boxes, segments and polygons; the
/// ellipse uses the first-order estimate `f / |∇f|` with `f = |p/r| − 1`.
enum SignedDistance {
    /// Coverage of a pixel whose center is `d` pixels from the edge: `clamp(0.5 − d / feather, 0, 1)`.
    /// `feather` 1 is plain anti-aliasing; larger values give a soft edge that many pixels wide.
    static func coverage(_ d: Double, feather: Double = 1) -> Double {
        max(0, min(1, 0.5 - d / feather))
    }

    static func circle(_ x: Double, _ y: Double, cx: Double, cy: Double, r: Double) -> Double {
        hypot(x - cx, y - cy) - r
    }

    /// An axis-aligned box from `(x0, y0)` to `(x1, y1)` with corners rounded by `radius`.
    static func box(_ x: Double, _ y: Double, x0: Double, y0: Double, x1: Double, y1: Double,
                    radius: Double = 0) -> Double {
        let hx = (x1 - x0) / 2, hy = (y1 - y0) / 2
        let r = min(radius, hx, hy)
        let qx = abs(x - (x0 + x1) / 2) - hx + r
        let qy = abs(y - (y0 + y1) / 2) - hy + r
        return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
    }

    /// Distance to the segment from `a` to `b` (unsigned); subtract a half width for a stroke.
    static func segment(_ x: Double, _ y: Double, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let px = x - a.0, py = y - a.1
        let bx = b.0 - a.0, by = b.1 - a.1
        let len2 = bx * bx + by * by
        let t = len2 > 0 ? max(0, min(1, (px * bx + py * by) / len2)) : 0
        return hypot(px - bx * t, py - by * t)
    }

    /// A closed polygon (even-odd inside test).
    static func polygon(_ x: Double, _ y: Double, _ points: [(Double, Double)]) -> Double {
        var nearest = Double.infinity
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let a = points[j], b = points[i]
            nearest = min(nearest, segment(x, y, a, b))
            if (b.1 > y) != (a.1 > y) {
                let crossX = b.0 + (y - b.1) / (a.1 - b.1) * (a.0 - b.0)
                if x < crossX { inside.toggle() }
            }
            j = i
        }
        return inside ? -nearest : nearest
    }

    /// An axis-aligned ellipse (approximate distance, exact on the axes).
    static func ellipse(_ x: Double, _ y: Double, cx: Double, cy: Double, rx: Double, ry: Double) -> Double {
        let ux = (x - cx) / rx, uy = (y - cy) / ry
        let f = hypot(ux, uy)
        let grad = hypot(ux / rx, uy / ry)
        guard grad > 0 else { return -min(rx, ry) }
        return (f - 1) * f / grad
    }

    static func hypot(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }
}
