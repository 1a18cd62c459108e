/// A 2-D affine transform in Core Graphics' convention: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// `t1.concatenating(t2)` applies `t1` first, then `t2` (as `CGAffineTransformConcat`).
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotation by `angle` radians (positive turns x towards y: clockwise on the y-down canvas).
    public static func rotation(_ angle: Double) -> AffineTransform {
        let cs = Foundation_cos(angle), sn = Foundation_sin(angle)
        return AffineTransform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform maps axis-aligned rectangles to axis-aligned rectangles without flips or swaps.
    public var isAxisAlignedScaleTranslate: Bool { b == 0 && c == 0 && a > 0 && d > 0 }

    /// Applies `self` first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// Whether all six coefficients are finite.
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }

    /// The inverse, or nil for a singular transform.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// Applies only the linear part (for offsets and directions).
    public func applyToVector(_ v: Point) -> Point { Point(a * v.x + c * v.y, b * v.x + d * v.y) }

    /// The axis-aligned bounding box of a transformed rectangle.
    public func boundingBox(of r: Rect) -> Rect {
        let p0 = apply(Point(r.minX, r.minY)), p1 = apply(Point(r.maxX, r.minY))
        let p2 = apply(Point(r.maxX, r.maxY)), p3 = apply(Point(r.minX, r.maxY))
        return Rect(minX: min(p0.x, p1.x, p2.x, p3.x), minY: min(p0.y, p1.y, p2.y, p3.y),
                    maxX: max(p0.x, p1.x, p2.x, p3.x), maxY: max(p0.y, p1.y, p2.y, p3.y))
    }

    /// The geometric mean scale: square root of the absolute determinant (for isotropic lengths such as σ).
    public var meanScale: Double { abs(determinant).squareRoot() }

    /// Lengths of the images of the unit x and y vectors.
    public var axisScales: (x: Double, y: Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }

    public var description: String {
        if b == 0 && c == 0 && a == 1 && d == 1 { return "translate(\(Format.number(tx)), \(Format.number(ty)))" }
        return "[\([a, b, c, d, tx, ty].map(Format.number).joined(separator: ", "))]"
    }
}
