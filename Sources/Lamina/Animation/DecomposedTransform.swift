import Foundation

/// A 2-D affine transform split into translation, rotation, scale and a residual 2×2 matrix (the skew),
/// for interpolation as CSS Transforms specifies for 2-D matrices: "Decomposing a 2D matrix",
/// "Interpolation of decomposed 2D matrix values" and "Recomposing to a 2D matrix"
/// (https://drafts.csswg.org/css-transforms-1/#decomposing-a-2d-matrix, the 2-D "unmatrix").
///
/// Matrix rows in the specification's notation are (a, b) and (c, d) of `AffineTransform`; the
/// transform is rows = diag(scale) · R(angle) · residual, translation kept apart.
public struct DecomposedTransform: Hashable, Sendable {
    public var translateX: Double, translateY: Double
    public var scaleX: Double, scaleY: Double
    /// Radians.
    public var angle: Double
    public var m11: Double, m12: Double, m21: Double, m22: Double

    /// Decomposes `t` (the specification's steps; a zero scale leaves its row as it is).
    public init(_ t: AffineTransform) {
        translateX = t.tx
        translateY = t.ty
        var r0x = t.a, r0y = t.b, r1x = t.c, r1y = t.d
        scaleX = (r0x * r0x + r0y * r0y).squareRoot()
        scaleY = (r1x * r1x + r1y * r1y).squareRoot()
        if r0x * r1y - r0y * r1x < 0 {
            if r0x < r1y { scaleX = -scaleX } else { scaleY = -scaleY }
        }
        if scaleX != 0 { r0x /= scaleX; r0y /= scaleX }
        if scaleY != 0 { r1x /= scaleY; r1y /= scaleY }
        angle = atan2(r0y, r0x)
        if angle != 0 {
            let sn = -r0y, cs = r0x
            let (a, b, c, d) = (r0x, r0y, r1x, r1y)
            r0x = cs * a + sn * c
            r0y = cs * b + sn * d
            r1x = -sn * a + cs * c
            r1y = -sn * b + cs * d
        }
        m11 = r0x; m12 = r0y; m21 = r1x; m22 = r1y
    }

    /// The transform these parts make: rows = diag(scale) · R(angle) · residual.
    public var transform: AffineTransform {
        let turn = angle.remainder(dividingBy: 2 * Double.pi)
        let cs = cos(turn), sn = sin(turn)
        let r0x = cs * m11 + sn * m21, r0y = cs * m12 + sn * m22
        let r1x = -sn * m11 + cs * m21, r1y = -sn * m12 + cs * m22
        return AffineTransform(a: r0x * scaleX, b: r0y * scaleX, c: r1x * scaleY, d: r1y * scaleY,
                               tx: translateX, ty: translateY)
    }

    /// The transform a fraction `f` of the way from `from` to `to`: both decomposed, a pair of flipped
    /// axes turned into a rotation by π, rotation the shorter way round, every part linear in f.
    public static func interpolate(_ from: AffineTransform, _ to: AffineTransform, _ f: Double) -> AffineTransform {
        if f == 0 { return from }
        if f == 1 { return to }
        var a = DecomposedTransform(from), b = DecomposedTransform(to)
        if (a.scaleX < 0 && b.scaleY < 0) || (a.scaleY < 0 && b.scaleX < 0) {
            a.scaleX = -a.scaleX
            a.scaleY = -a.scaleY
            a.angle += a.angle < 0 ? Double.pi : -Double.pi
        }
        if a.angle == 0 { a.angle = 2 * Double.pi }
        if b.angle == 0 { b.angle = 2 * Double.pi }
        if abs(a.angle - b.angle) > Double.pi {
            if a.angle > b.angle { a.angle -= 2 * Double.pi } else { b.angle -= 2 * Double.pi }
        }
        let m = { (x: Double, y: Double) in AnimationValue.mix(x, y, f) }
        var out = a
        out.translateX = m(a.translateX, b.translateX); out.translateY = m(a.translateY, b.translateY)
        out.scaleX = m(a.scaleX, b.scaleX); out.scaleY = m(a.scaleY, b.scaleY)
        out.angle = m(a.angle, b.angle)
        out.m11 = m(a.m11, b.m11); out.m12 = m(a.m12, b.m12); out.m21 = m(a.m21, b.m21); out.m22 = m(a.m22, b.m22)
        return out.transform
    }
}
