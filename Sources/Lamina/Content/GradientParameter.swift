/// The gradient parameter t of each pixel (SCENE_FORMAT.md "CAGradientLayer"), computed along a pixel row
/// from the row's first pixel center and the per-pixel step, both in bounds points.
///
/// With S and E the start and end points in bounds points: axial t = ((p − S)·(E − S)) / |E − S|²; radial
/// t = √(((px − Sx)/rx)² + ((py − Sy)/ry)²) with rx = |Ex − Sx|, ry = |Ey − Sy|; conic t = the clockwise
/// (on the y-down screen) angle from E − S to p − S over 2π, in [0, 1). S = E (axial, conic) or rx = 0 or
/// ry = 0 (radial) is `constant`: every pixel takes the last color.
enum GradientParameter {
    /// t = t₀ + k·dt along a row: t₀ = (p₀ − S)·u, dt = step·u with u = (E − S)/|E − S|².
    case axial(start: Point, u: Point)
    /// (x, y) = ((px − Sx)/rx, (py − Sy)/ry).
    case radial(start: Point, inverseRadii: Point)
    /// Coordinates along the unit direction of E − S and its clockwise normal.
    case conic(start: Point, direction: Point)
    /// A degenerate gradient: the last color everywhere.
    case constant

    init(_ g: GradientContent, bounds: Rect) {
        let s = Point(bounds.minX + g.startPoint.x * bounds.width, bounds.minY + g.startPoint.y * bounds.height)
        let e = Point(bounds.minX + g.endPoint.x * bounds.width, bounds.minY + g.endPoint.y * bounds.height)
        let d = e - s
        guard s.x.isFinite, s.y.isFinite, d.x.isFinite, d.y.isFinite else { self = .constant; return }
        switch g.type {
        case .axial:
            let l2 = d.x * d.x + d.y * d.y
            self = l2 > 0 && l2.isFinite ? .axial(start: s, u: d * (1 / l2)) : .constant
        case .radial:
            let rx = abs(d.x), ry = abs(d.y)
            self = rx > 0 && ry > 0 ? .radial(start: s, inverseRadii: Point(1 / rx, 1 / ry)) : .constant
        case .conic:
            let l = d.length
            self = l > 0 && l.isFinite ? .conic(start: s, direction: d * (1 / l)) : .constant
        }
    }

    /// Writes t for `count` pixels whose centers are p₀ + k·step (bounds points) into `out`.
    func row(from p0: Point, step: Point, count: Int, into out: UnsafeMutablePointer<Double>) {
        switch self {
        case .axial(let s, let u):
            let t0 = (p0.x - s.x) * u.x + (p0.y - s.y) * u.y
            let dt = step.x * u.x + step.y * u.y
            for k in 0..<count { out[k] = t0 + Double(k) * dt }
        case .radial(let s, let inv):
            let x0 = (p0.x - s.x) * inv.x, dx = step.x * inv.x
            let y0 = (p0.y - s.y) * inv.y, dy = step.y * inv.y
            for k in 0..<count {
                let x = x0 + Double(k) * dx, y = y0 + Double(k) * dy
                out[k] = (x * x + y * y).squareRoot()
            }
        case .conic(let s, let d):
            let qx = p0.x - s.x, qy = p0.y - s.y
            let x0 = qx * d.x + qy * d.y, y0 = d.x * qy - d.y * qx
            let dx = step.x * d.x + step.y * d.y, dy = d.x * step.y - d.y * step.x
            for k in 0..<count { out[k] = GradientParameter.turns(y0 + Double(k) * dy, x0 + Double(k) * dx) }
        case .constant:
            for k in 0..<count { out[k] = .infinity }
        }
    }

    /// atan2(y, x) / 2π in [0, 1) (a negative angle taken a turn up), within 10⁻⁸ of it: the angle is reduced
    /// to atan(u) with |u| ≤ tan(π/8), whose Taylor series to u¹⁵ errs by at most |u|¹⁷/17 < 2·10⁻⁸ rad.
    @inline(__always)
    static func turns(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = ax > ay ? ax : ay, small = ax > ay ? ay : ax
        guard big > 0 else { return big == 0 ? 0 : .nan }
        var u = small / big
        var base = 0.0
        if u > 0.41421356237309503 {
            u = (u - 1) / (u + 1)
            base = Double.pi / 4
        }
        let u2 = u * u
        var p = -1.0 / 15
        p = p * u2 + 1.0 / 13
        p = p * u2 - 1.0 / 11
        p = p * u2 + 1.0 / 9
        p = p * u2 - 1.0 / 7
        p = p * u2 + 1.0 / 5
        p = p * u2 - 1.0 / 3
        p = p * u2 + 1
        var angle = base + u * p
        if ay > ax { angle = Double.pi / 2 - angle }
        if x < 0 { angle = Double.pi - angle }
        if y < 0 { angle = -angle }
        var t = angle * (0.5 / Double.pi)
        if t < 0 { t += 1 }
        return t < 1 ? t : 0
    }
}
