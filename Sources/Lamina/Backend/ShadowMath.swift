import Synchronization
/// The closed-form drop shadow of a rounded rectangle, shared by the CPU backend and mirrored in
/// `Shaders/shadow.glsl`.
///
/// The shadow is the shape's indicator convolved with a 2-D Gaussian of standard deviation σ. A
/// rectangle's convolution is exact: the product of two erf differences (the Gaussian is separable).
/// A rounded rectangle is that rectangle minus four corner notches (corner square minus quarter disk).
/// A notch's convolution is integrated exactly along x (erf difference per row) and numerically along y
/// with `notchSamples`-point Gauss–Legendre quadrature over the notch rows within ±4σ of the pixel.
public enum ShadowMath {
    /// Gauss–Legendre nodes on [−1, 1] and their weights (16 points; Abramowitz & Stegun table 25.4).
    public static let nodes: [Double] = [
        -0.9894009349916499, -0.9445750230732326, -0.8656312023878318, -0.7554044083550030,
        -0.6178762444026438, -0.4580167776572274, -0.2816035507792589, -0.0950125098376374,
        0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
        0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499,
    ]
    public static let weights: [Double] = [
        0.0271524594117541, 0.0622535239386479, 0.0951585116824928, 0.1246289712555339,
        0.1495959888165767, 0.1691565193950025, 0.1826034150449236, 0.1894506104550685,
        0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
        0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541,
    ]
    public static var notchSamples: Int { nodes.count }

    /// ∫ₐᵇ of a 1-D Gaussian (σ) centred at x: ½(erf((x−a)/(σ√2)) − erf((x−b)/(σ√2))).
    @inline(__always) public static func segment(_ x: Double, _ a: Double, _ b: Double, sigma: Double) -> Double {
        let k = 1 / (sigma * 2.0.squareRoot())
        return 0.5 * (LaminaMath.erf((x - a) * k) - LaminaMath.erf((x - b) * k))
    }

    @inline(__always) static func gaussian(_ d: Double, sigma: Double) -> Double {
        LaminaMath.exp(-d * d / (2 * sigma * sigma)) / (sigma * (2 * Double.pi).squareRoot())
    }

    /// Shadow coverage (0…1) at `p` of `shape` blurred by σ > 0, all in the shape's local units.
    public static func coverage(at p: Point, of shape: RoundedRect, sigma: Double) -> Double {
        let r = shape.rect
        var v = segment(p.x, r.minX, r.maxX, sigma: sigma) * segment(p.y, r.minY, r.maxY, sigma: sigma)
        let corners: [(Double, Double, Double, Double, Double)] = [
            (shape.radii.topLeft, r.minX, r.minY, 1, 1),
            (shape.radii.topRight, r.maxX, r.minY, -1, 1),
            (shape.radii.bottomRight, r.maxX, r.maxY, -1, -1),
            (shape.radii.bottomLeft, r.minX, r.maxY, 1, -1),
        ]
        for (radius, cx, cy, sx, sy) in corners where radius > 0 {
            v -= notch(at: p, cornerX: cx, cornerY: cy, dirX: sx, dirY: sy, radius: radius, sigma: sigma)
        }
        return min(max(v, 0), 1)
    }

    /// Convolution of one corner notch. The corner sits at (cornerX, cornerY); the rectangle extends in
    /// direction (dirX, dirY) from it. Row t ∈ [0, r] from the corner edge has notch width
    /// r − √(r² − (r − t)²).
    static func notch(at p: Point, cornerX: Double, cornerY: Double, dirX: Double, dirY: Double,
                      radius: Double, sigma: Double) -> Double {
        let py = (p.y - cornerY) * dirY
        let t0 = max(0, py - 4 * sigma), t1 = min(radius, py + 4 * sigma)
        guard t1 > t0 else { return 0 }
        let px = (p.x - cornerX) * dirX
        if px > radius + 4 * sigma { return 0 }
        let half = (t1 - t0) / 2, mid = (t0 + t1) / 2
        var sum = 0.0
        for i in 0..<nodes.count {
            let t = mid + half * nodes[i]
            let u = radius - t
            let width = radius - max(radius * radius - u * u, 0).squareRoot()
            sum += weights[i] * gaussian(py - t, sigma: sigma) * segment(px, 0, width, sigma: sigma)
        }
        return sum * half
    }

    /// The local distance d outside a shape past which a shadow of this σ and alpha stores nothing: its
    /// coverage there is at most ½·erfc((d − h) / (σ√2)) (one side of the shape, h = the table spacing
    /// σ/8 that bilinear interpolation may reach back), and alpha times that is below ¼ / 255, so every
    /// channel of the draw's output rounds to 0 and blending leaves the pixel's bytes as they were.
    /// The bound scales with σ, so it is σ times the distance for σ = 1, found once per alpha.
    public static func negligibleReach(sigma: Double, alpha: Double) -> Double {
        guard alpha > 0 else { return 0 }
        guard sigma > 0 else { return 0 }
        guard sigma.isFinite else { return sigma }
        if let known = unitReaches.withLock({ $0[alpha] }) { return sigma * known }
        let unit = unitNegligibleReach(alpha: alpha)
        unitReaches.withLock { known in
            if known.count >= 1024 { known.removeAll(keepingCapacity: true) }
            known[alpha] = unit
        }
        return sigma * unit
    }

    /// `negligibleReach` for σ = 1 by bisection on 0…4 (12 steps: within 0.001 σ above the bound).
    private static func unitNegligibleReach(alpha: Double) -> Double {
        let limit = 0.25 / 255 / alpha
        func negligible(_ d: Double) -> Bool {
            0.5 * (1 - LaminaMath.erf((d - 1.0 / 8) / 2.0.squareRoot())) <= limit
        }
        var lo = 0.0, hi = 4.0
        guard !negligible(lo) else { return 0 }
        for _ in 0..<12 {
            let mid = (lo + hi) / 2
            if negligible(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    private static let unitReaches = Mutex<[Double: Double]>([:])
}
