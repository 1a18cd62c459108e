import Lamina

/// Target pixel → unit source coordinates of an image draw, in single precision with the GPU image
/// shader's operations in its order: p = inverse · (pixel centre), then
/// uv = clamp(sourceRect.xy + (p − destination.xy) / destination.zw · sourceRect.zw, 0, 1).
///
/// A linear filter rounds the texel position to 1/256 of a texel (`AxisTap`), so a position computed in
/// double precision lands in the neighbouring step in a few pixels of every fractional placement;
/// computing it as the shader does keeps both paths on the same step.
struct SourceMapping {
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    let dx: Float, dy: Float, dw: Float, dh: Float
    let sx: Float, sy: Float, sw: Float, sh: Float

    init(inverse: AffineTransform, destination: Rect, sourceRect: Rect) {
        a = Float(inverse.a); b = Float(inverse.b); c = Float(inverse.c); d = Float(inverse.d)
        tx = Float(inverse.tx); ty = Float(inverse.ty)
        dx = Float(destination.minX); dy = Float(destination.minY)
        dw = Float(destination.width); dh = Float(destination.height)
        sx = Float(sourceRect.minX); sy = Float(sourceRect.minY)
        sw = Float(sourceRect.width); sh = Float(sourceRect.height)
    }

    /// Rows map to rows and columns to columns (then `u` ignores y and `v` ignores x).
    var axisAligned: Bool { b == 0 && c == 0 }

    /// The unit source x at the centre of target pixel (x, y).
    @inline(__always) func u(_ x: Int, _ y: Int) -> Double {
        let lx = (a * (Float(x) + 0.5) + c * (Float(y) + 0.5)) + tx
        return Double(min(max(sx + (lx - dx) / dw * sw, 0), 1))
    }

    /// The unit source y at the centre of target pixel (x, y).
    @inline(__always) func v(_ x: Int, _ y: Int) -> Double {
        let ly = (b * (Float(x) + 0.5) + d * (Float(y) + 0.5)) + ty
        return Double(min(max(sy + (ly - dy) / dh * sh, 0), 1))
    }

    /// `u` at the centres of pixels x…x+3 of row y, one per lane.
    @inline(__always) func u4(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let lx = (a * Self.centres(x) + c * (Float(y) + 0.5)) + tx
        return Self.unit(sx + (lx - dx) / dw * sw)
    }

    /// `v` at the centres of pixels x…x+3 of row y, one per lane.
    @inline(__always) func v4(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let ly = (b * Self.centres(x) + d * (Float(y) + 0.5)) + ty
        return Self.unit(sy + (ly - dy) / dh * sh)
    }

    @inline(__always) private static func centres(_ x: Int) -> SIMD4<Float> {
        SIMD4<Float>(Float(x), Float(x &+ 1), Float(x &+ 2), Float(x &+ 3)) + 0.5
    }

    /// Clamped to 0…1 as `min(max(v, 0), 1)` clamps (a NaN stays NaN).
    @inline(__always) private static func unit(_ v: SIMD4<Float>) -> SIMD4<Float> {
        v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
    }
}
