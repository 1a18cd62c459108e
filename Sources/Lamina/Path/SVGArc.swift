/// An SVG elliptical arc in endpoint form, converted to center form and then to cubic Béziers.
///
/// Formulas: SVG 1.1 implementation notes F.6.5 (endpoint → center conversion) and F.6.6 (out-of-range
/// radii: zero radius → straight line, radii scaled up by √Λ when too small). Each piece spans at most
/// 90°, approximated by a cubic with handle length 4/3·tan(Δθ/4).
struct SVGArc {
    var from: Point
    var to: Point
    var radii: Point
    var rotationDegrees: Double
    var largeArc: Bool
    var sweep: Bool

    init(from: Point, to: Point, radii: Point, rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        self.from = from; self.to = to; self.radii = radii
        self.rotationDegrees = rotationDegrees; self.largeArc = largeArc; self.sweep = sweep
    }

    /// True when the arc degenerates to a straight line (a zero radius, distinct endpoints).
    var isLine: Bool { from != to && (radii.x == 0 || radii.y == 0) }

    /// Center form (F.6.5): center, corrected radii (F.6.6), start angle θ1 and sweep Δθ (radians,
    /// negative when sweep-flag is 0); nil when the arc is omitted or a line.
    func centerForm() -> (center: Point, rx: Double, ry: Double, theta1: Double, delta: Double)? {
        if from == to || radii.x == 0 || radii.y == 0 { return nil }
        var rx = abs(radii.x), ry = abs(radii.y)
        let phi = rotationDegrees * .pi / 180
        let cosPhi = LaminaMath.cos(phi), sinPhi = LaminaMath.sin(phi)
        let dx2 = (from.x - to.x) / 2, dy2 = (from.y - to.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }
        let num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
        let den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
        var coef = den == 0 ? 0 : max(0, num / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (from.x + to.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (from.y + to.y) / 2
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = LaminaMath.atan2(uy, ux)
        var delta = LaminaMath.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        return (Point(cx, cy), rx, ry, theta1, delta)
    }

    /// The cubic pieces (control 1, control 2, end); empty when the arc is omitted or a line.
    func cubics() -> [(Point, Point, Point)] {
        guard let (center, rx, ry, theta1, delta) = centerForm() else { return [] }
        let cx = center.x, cy = center.y
        let phi = rotationDegrees * .pi / 180
        let cosPhi = LaminaMath.cos(phi), sinPhi = LaminaMath.sin(phi)
        let pieces = max(1, Int(saturating: (abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        func ellipsePoint(_ t: Double) -> (Point, Point) {
            let ct = LaminaMath.cos(t), st = LaminaMath.sin(t)
            let p = Point(cx + rx * ct * cosPhi - ry * st * sinPhi, cy + rx * ct * sinPhi + ry * st * cosPhi)
            let d = Point(-rx * st * cosPhi - ry * ct * sinPhi, -rx * st * sinPhi + ry * ct * cosPhi)
            return (p, d)
        }
        var out: [(Point, Point, Point)] = []
        var t = theta1
        var (p0, d0) = ellipsePoint(t)
        for i in 0..<pieces {
            t += step
            let (p, d1) = ellipsePoint(t)
            let p1 = i == pieces - 1 ? to : p
            out.append((p0 + d0 * k, p1 - d1 * k, p1))
            p0 = p1; d0 = d1
        }
        return out
    }

    private func tan(_ x: Double) -> Double { LaminaMath.sin(x) / LaminaMath.cos(x) }
}
