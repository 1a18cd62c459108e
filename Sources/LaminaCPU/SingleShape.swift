import Lamina

/// A rounded rectangle with circular corners and its target-to-local transform in single precision,
/// evaluated with the operations of the GPU path's coverage shader (`coverage.glsl`: `applyAffine`,
/// `rrectCornerOffset`, `cornerDistance`, `distanceCoverage`) in the same order.
///
/// An 8-bit store rounds `coverage × color × 255` to nearest; on the edges of shapes at fractional
/// positions that product often lies within a rounding error of a half step (a pixel centre 0.4 px
/// inside an edge is covered 0.1, and 0.1 × 255 = 25.5), so coverage computed in double precision
/// rounds the other way than the shader's in about a fifth of such pixels. Computing it as the shader
/// does keeps both paths on the same side.
struct SingleShape {
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    let minX: Float, minY: Float, width: Float, height: Float
    let topLeft: Float, topRight: Float, bottomRight: Float, bottomLeft: Float
    let scale: Float

    init(shape: RoundedRect, inverse: AffineTransform, scale: Double) {
        a = Float(inverse.a); b = Float(inverse.b); c = Float(inverse.c); d = Float(inverse.d)
        tx = Float(inverse.tx); ty = Float(inverse.ty)
        minX = Float(shape.rect.minX); minY = Float(shape.rect.minY)
        width = Float(shape.rect.width); height = Float(shape.rect.height)
        let r = shape.radii
        topLeft = Float(r.topLeft); topRight = Float(r.topRight)
        bottomRight = Float(r.bottomRight); bottomLeft = Float(r.bottomLeft)
        self.scale = Float(scale)
    }

    /// `clamp(0.5 − d·k, 0, 1)` at the centre of target pixel (x, y).
    @inline(__always) func coverage(x: Int, y: Int) -> Float {
        let px = Float(x) + 0.5, py = Float(y) + 0.5
        let lx = (a * px + c * py) + tx
        let ly = (b * px + d * py) + ty
        let hx = width * 0.5, hy = height * 0.5
        let mx = minX + hx, my = minY + hy
        let r = ly < my ? (lx < mx ? topLeft : topRight) : (lx < mx ? bottomLeft : bottomRight)
        let qx = (abs(lx - mx) - hx) + r, qy = (abs(ly - my) - hy) + r
        let ox = max(qx, 0), oy = max(qy, 0)
        let distance = ((ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0)) - r
        return min(max(0.5 - distance * scale, 0), 1)
    }
}
