/// The continuous ("squircle") corner of iOS 7's `UIBezierPath(roundedRect:cornerRadius:)` and of
/// `CALayer.cornerCurve = .continuous`: three cubic Béziers spanning 1.528665 × the radius along each edge.
///
/// Geometry in units of the radius, in a corner's own frame: `u` runs along an edge away from the
/// corner point, `v` inward from that edge. The curve leaves the edge at u = 1.528665 (curvature 0
/// there), bends through a nearly circular middle piece and joins the other edge symmetrically, so the
/// outline is symmetric about u = v. (Control-point figures from public analyses of UIKit's
/// rounded-rectangle path since iOS 7.)
///
/// Coverage uses a signed distance from a profile of the curve: folded about the diagonal, the half
/// from the diagonal to the edge is a graph t = g(s) with slope in [−1, 0]; `profile` samples g and g′.
public enum ContinuousCorner {
    /// How far the corner reaches along each edge, in units of the radius.
    public static let extentFactor = 1.528665

    /// One cubic Bézier: start, two control points, end, as (u, v) in units of the radius.
    public typealias Cubic = (Point, Point, Point, Point)

    static let a1 = 1.088492957618529, a2 = 0.868406944063002
    static let a3 = 0.631493792830993, b3 = 0.074911387847016
    static let m1 = 0.372823826625747, m2 = 0.16905955604437

    /// The three cubics from the first edge (v = 0) to the second (u = 0).
    public static let cubics: [Cubic] = [
        (Point(extentFactor, 0), Point(a1, 0), Point(a2, 0), Point(a3, b3)),
        (Point(a3, b3), Point(m1, m2), Point(m2, m1), Point(b3, a3)),
        (Point(b3, a3), Point(0, a2), Point(0, a1), Point(0, extentFactor)),
    ]

    /// Whether a corner of radius `r` is drawn continuous in `rect`: its curve must fit in half the
    /// shorter side; otherwise the corner is drawn circular with the same radius.
    @inline(__always) public static func fits(radius r: Double, in rect: Rect) -> Bool {
        r > 0 && r * extentFactor <= min(rect.width, rect.height) / 2
    }

    /// The point where the curve crosses the diagonal u = v (the middle cubic at t = ½).
    public static let diagonal: Double = point(on: cubics[1], at: 0.5).x

    /// Number of intervals of `profile`.
    public static let profileIntervals = 64

    /// g(s) and g′(s) at s = diagonal + i·step, i = 0…profileIntervals, step = (extentFactor − diagonal) / intervals.
    public static let profile: [(g: Double, slope: Double)] = makeProfile()

    /// The profile's sample spacing in s.
    public static let profileStep = (extentFactor - diagonal) / Double(profileIntervals)

    /// Signed distance (negative inside) to the corner outline, in units of the radius, of a point at
    /// distances `x` and `y` inward from the two edges meeting at the corner (same units).
    ///
    /// The distance is (g(s) − t)/√(1 + g′(s)²) with s = max(x, y), t = min(x, y): exact on the curve,
    /// first-order off it. Beyond the curve's reach it is the distance to the nearer edge; below the
    /// diagonal point the profile continues along the tangent there (slope −1).
    /// The GLSL twin is `continuousCornerDistance` in `Shaders/continuous_corner.glsl`.
    public static func signedDistance(x: Double, y: Double) -> Double {
        let s: Double = max(x, y), t: Double = min(x, y)
        let clamped: Double = min(max(s, diagonal), extentFactor)
        let f: Double = (clamped - diagonal) / profileStep
        let i: Int = min(Int(f), profileIntervals - 1)
        let w: Double = f - Double(i)
        let p0 = profile[i], p1 = profile[i + 1]
        let m0: Double = p0.slope * profileStep, m1: Double = p1.slope * profileStep
        let g: Double = hermite(p0.g, m0, p1.g, m1, w) + max(diagonal - s, 0)
        let slope: Double = p0.slope + (p1.slope - p0.slope) * w
        let norm: Double = (1 + slope * slope).squareRoot()
        return (g - t) / norm
    }

    /// Cubic Hermite interpolation between values y0, y1 with tangents m0, m1 (per unit of w).
    @inline(__always) static func hermite(_ y0: Double, _ m0: Double, _ y1: Double, _ m1: Double, _ w: Double) -> Double {
        let w2: Double = w * w
        let w3: Double = w2 * w
        let h00: Double = 2 * w3 - 3 * w2 + 1
        let h10: Double = w3 - 2 * w2 + w
        let h01: Double = 3 * w2 - 2 * w3
        let h11: Double = w3 - w2
        let a: Double = h00 * y0 + h10 * m0
        let b: Double = h01 * y1 + h11 * m1
        return a + b
    }

    /// A point of a cubic at parameter t.
    public static func point(on c: Cubic, at t: Double) -> Point {
        let m: Double = 1 - t
        let b0: Double = m * m * m
        let b1: Double = 3 * m * m * t
        let b2: Double = 3 * m * t * t
        let b3: Double = t * t * t
        return Point(weighted(c.0.x, c.1.x, c.2.x, c.3.x, b0, b1, b2, b3), weighted(c.0.y, c.1.y, c.2.y, c.3.y, b0, b1, b2, b3))
    }

    /// The derivative of a cubic at parameter t.
    static func derivative(of c: Cubic, at t: Double) -> Point {
        let m: Double = 1 - t
        let d0: Double = 3 * m * m
        let d1: Double = 6 * m * t
        let d2: Double = 3 * t * t
        let dx: Double = d0 * (c.1.x - c.0.x) + d1 * (c.2.x - c.1.x)
        let dy: Double = d0 * (c.1.y - c.0.y) + d1 * (c.2.y - c.1.y)
        return Point(dx + d2 * (c.3.x - c.2.x), dy + d2 * (c.3.y - c.2.y))
    }

    @inline(__always) private static func weighted(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double,
                                                   _ b0: Double, _ b1: Double, _ b2: Double, _ b3: Double) -> Double {
        let a: Double = b0 * p0 + b1 * p1
        let b: Double = b2 * p2 + b3 * p3
        return a + b
    }

    /// g and g′ at s on the half of the outline from the diagonal to the first edge (u decreases
    /// monotonically along the first two cubics, so s is found by bisection on u).
    static func sampleProfile(at s: Double) -> (g: Double, slope: Double) {
        let (cubic, lo, hi): (Cubic, Double, Double) = s >= a3 ? (cubics[0], 0, 1) : (cubics[1], 0, 0.5)
        var a = lo, b = hi
        for _ in 0..<60 {
            let m = (a + b) / 2
            if point(on: cubic, at: m).x > s { a = m } else { b = m }
        }
        let t = (a + b) / 2
        let d = derivative(of: cubic, at: t)
        let slope = abs(d.x) < 1e-12 ? 0 : d.y / d.x
        return (point(on: cubic, at: t).y, slope)
    }

    private static func makeProfile() -> [(g: Double, slope: Double)] {
        let step = (extentFactor - diagonal) / Double(profileIntervals)
        return (0...profileIntervals).map { i in
            if i == 0 { return (diagonal, -1) }
            if i == profileIntervals { return (0, 0) }
            return sampleProfile(at: diagonal + Double(i) * step)
        }
    }
}
