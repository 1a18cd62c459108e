import Lamina

/// Premultiplied source-over on 8-bit pixels, with the arithmetic of the 8-bit blender of the GPU path.
///
/// An RGBA8 target blends in 8 bits: the source (premultiplied, 0…1, single precision, computed in the
/// order the GPU path's shader computes it) is first scaled by 255 and rounded to 8 bits per channel (to
/// nearest, ties to even: s₈, with alpha α₈), then each channel stores
/// `min(255, s₈ + d ⊗ (255 − α₈))`, where `x ⊗ y` is the 8-bit normalized product `x·y/255` computed as
/// `(t + (t >> 8) + 128) >> 8` with `t = x·y` (the unorm8 multiply of Mesa's llvmpipe blender, matched
/// bit for bit against it on 1.5·10⁸ random blends). Doing the same here keeps both paths on one
/// arithmetic, so stacked translucent layers do not drift apart. Runs of pixels are blended four at a
/// time (`PlanarPixels`), with the same integer results.
enum Blend {
    @inline(__always) static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)))
    }

    /// Scales 0…1 values by 255 and rounds them to nearest (ties to even, via the 1.5·2²³ trick), clamped
    /// to 0…255.
    @inline(__always) static func quantize(_ u: SIMD4<Float>) -> SIMD4<UInt16> {
        let v = u * 255
        let c = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 12582912
        return SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(c, to: SIMD4<UInt32>.self))
    }

    /// `d ⊗ (255 − α₈) + s₈`, saturated to 255: the blended channels of 8-bit sources over destinations
    /// (sums reach at most 510, so bit 8 marks the ones to saturate).
    @inline(__always) static func blended<V: SIMD>(_ s: V, alpha a: V, over d: V) -> V where V.Scalar == UInt16 {
        let t = d &* (255 &- a)
        let r = s &+ ((t &+ (t &>> 8) &+ 128) &>> 8)
        return (r | (V() &- (r &>> 8))) & 255
    }

    /// Blends one 8-bit source pixel over the pixel at `p`.
    @inline(__always) static func over(quantized s: SIMD4<UInt16>, _ p: UnsafeMutablePointer<UInt8>) {
        let d = SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
        let r = blended(s, alpha: SIMD4(repeating: s.w), over: d)
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: r), as: SIMD4<UInt8>.self)
    }

    /// Blends four 8-bit source pixels, given as their words, over the four pixels at `p`, each channel as
    /// `blended`, in 16-bit lanes (`ByteLanes`).
    @inline(__always) static func over(words source: SIMD4<UInt32>, at p: UnsafeMutablePointer<UInt8>) {
        let alpha = ByteLanes.spread(source &>> 24)
        let destination = UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
        let stored = ByteLanes.combine(source, destination) { s, d in blended(s, alpha: alpha, over: d) }
        UnsafeMutableRawPointer(p).storeBytes(of: stored, as: SIMD4<UInt32>.self)
    }

    /// The word `over` stores for an opaque color at coverage 1, whatever lies below (its alpha rounds to 255,
    /// so the destination weighs 0): the color rounded to bytes as blending rounds it; nil for translucent colors.
    static func solidWord(of color: PremultipliedColor) -> UInt32? {
        color.alpha >= 1 ? unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: quantize(color.unit)), to: UInt32.self) : nil
    }

    /// Blends `color × k` over the pixel at `p`; at k = 1 with the color's `solidWord` given, stores that word,
    /// which is what blending stores there.
    @inline(__always) static func over(_ color: SIMD4<Float>, coverage k: Float, solid: UInt32?, _ p: UnsafeMutablePointer<UInt8>) {
        if k == 1, let solid {
            UnsafeMutableRawPointer(p).storeBytes(of: solid, as: UInt32.self)
        } else {
            over(color * k, p)
        }
    }

    /// Blends one source pixel (0…1, unrounded) over the pixel at `p`.
    @inline(__always) static func over(_ src: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        if src.w <= 0 && src.x <= 0 && src.y <= 0 && src.z <= 0 { return }
        over(quantized: quantize(src), p)
    }

    /// The largest coverage of `color` that cannot change any stored pixel.
    ///
    /// While every channel of `color × k` is below 0.45 the source rounds to 0 in 8 bits, and blending
    /// a zero source stores d ⊗ 255 = d: skipping the pixel stores the same bytes.
    @inline(__always) static func invisibleCoverage(_ color: SIMD4<Float>) -> Float {
        let m = max(abs(color.x), abs(color.y), abs(color.z), abs(color.w))
        return m > 0 ? 0.45 / (m * 255) : .infinity
    }

    /// Blends `color × coverage[i]` over pixel `i` of the `count` pixels at `p`; coverages are clamped to 0…1.
    /// Every pixel gets the same arithmetic whether it falls in a group of four or in the tail, so a
    /// row drawn in pieces matches the row drawn at once. Groups (and tail pixels) whose coverages are
    /// all at most `invisibleCoverage(color)` are left as they are, which is what blending stores there.
    @inline(__always) static func coverageRow(_ color: SIMD4<Float>, coverage: UnsafePointer<Float>,
                                             _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        let planar = PlanarPixels(repeating: color)
        let negligible = invisibleCoverage(color)
        var i = 0
        while i &+ 4 <= count {
            let raw = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            let cov = raw.replacing(with: 0, where: raw .< 0).replacing(with: 1, where: raw .> 1)
            if any(cov .> negligible) {
                (planar * cov).blend(over: p + i &* 4)
            }
            i &+= 4
        }
        while i < count {
            let cov = min(max(coverage[i], 0), 1)
            if cov > negligible { over(color * cov, p + i &* 4) }
            i &+= 1
        }
    }

    /// Blends one constant color over `count` pixels starting at `p` (opaque colors are stored).
    @inline(__always) static func span(_ src: SIMD4<Float>, opaque: SIMD4<UInt8>?, _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        if let word = opaque {
            UnsafeMutableRawPointer(p).withMemoryRebound(to: UInt32.self, capacity: count) {
                $0.update(repeating: unsafeBitCast(word, to: UInt32.self), count: count)
            }
            return
        }
        if src.w <= 0 && src.x <= 0 && src.y <= 0 && src.z <= 0 { return }
        let planar = PlanarPixels(repeating: src)
        var i = 0
        while i &+ 4 <= count {
            planar.blend(over: p + i &* 4)
            i &+= 4
        }
        while i < count {
            over(src, p + i &* 4)
            i &+= 1
        }
    }
}
