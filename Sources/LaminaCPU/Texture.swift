import Lamina

/// A sampled source: level 0 and, for trilinear sampling, its `MipChain` levels.
final class Texture: @unchecked Sendable {
    let levels: [PixelBuffer]

    init(levels: [PixelBuffer]) {
        precondition(!levels.isEmpty)
        self.levels = levels
    }

    /// A single-level texture over an existing buffer (an offscreen).
    convenience init(_ base: PixelBuffer) { self.init(levels: [base]) }

    /// The base bitmap and its box-filtered premultiplied mip levels, exactly as `MipChain` makes them.
    static func mipmapped(_ base: Bitmap) -> Texture {
        Texture(levels: MipChain(base).levels.map(PixelBuffer.init(bitmap:)))
    }

    var base: PixelBuffer { levels[0] }

    var byteCount: Int { levels.reduce(0) { $0 + $1.byteCount } }
}

/// Where one axis of a sample lands in a level: two texel indices (clamped to the edge) and the
/// weight of the second. Nearest sampling uses `i0` with `f` = 0.
struct AxisTap {
    var i0: Int32
    var i1: Int32
    var f: Float

    /// The tap for unit coordinate `u` on an axis of `size` texels.
    @inline(__always) init(unit u: Double, size: Int, linear: Bool) {
        let tc = u * Double(size)
        let last = Double(size - 1)
        if linear {
            let x = tc - 0.5
            let fl = x.rounded(.down)
            let f = x - fl
            i0 = Int32(min(max(fl, 0), last))
            i1 = Int32(min(max(fl + 1, 0), last))
            self.f = Float(f)
        } else {
            let fl = tc.rounded(.down)
            i0 = Int32(min(max(fl.isFinite ? fl : 0, 0), last))
            i1 = i0
            f = 0
        }
    }
}

/// Reads texels of one level.
enum Sampler {
    @inline(__always) static func texel(_ level: PixelBuffer, _ x: Int32, _ y: Int32) -> SIMD4<Float> {
        Blend.load(level.pixels + (Int(y) * level.width + Int(x)) * 4)
    }

    /// Bilinear (or nearest, when both weights are zero) premultiplied sample on the 0…255 scale.
    @inline(__always) static func sample(_ level: PixelBuffer, _ tx: AxisTap, _ ty: AxisTap) -> SIMD4<Float> {
        let row0 = level.pixels + Int(ty.i0) * level.width * 4
        let p00 = Blend.load(row0 + Int(tx.i0) * 4)
        if tx.f == 0 && ty.f == 0 { return p00 }
        let row1 = level.pixels + Int(ty.i1) * level.width * 4
        let p10 = Blend.load(row0 + Int(tx.i1) * 4)
        let p01 = Blend.load(row1 + Int(tx.i0) * 4)
        let p11 = Blend.load(row1 + Int(tx.i1) * 4)
        let top = p00 + (p10 - p00) * tx.f
        let bottom = p01 + (p11 - p01) * tx.f
        return top + (bottom - top) * ty.f
    }
}
