/// Four RGBA8 pixels held one channel per vector (four red values, four green, …) as floats 0…255.
///
/// `blend(over:)` is `Blend.over` for four pixels at once, in float lanes: every intermediate is an
/// integer or a multiple of 1/256 below 2¹⁷, so each step is exact and the stored bytes are those of the
/// integer blender. Holding one channel per vector lines a pixel's alpha up with its colors without
/// moving values between lanes, and bytes become floats with masks, shifts and the 2²³ exponent trick.
struct PlanarPixels {
    var r: SIMD4<Float>
    var g: SIMD4<Float>
    var b: SIMD4<Float>
    var a: SIMD4<Float>

    init(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Four copies of one pixel (channels 0…1 or 0…255, as the caller keeps them).
    @inline(__always) init(repeating c: SIMD4<Float>) {
        self.init(r: SIMD4(repeating: c.x), g: SIMD4(repeating: c.y), b: SIMD4(repeating: c.z), a: SIMD4(repeating: c.w))
    }

    /// Four pixels given as their 32-bit words (bytes r, g, b, a in memory order, little-endian).
    @inline(__always) init(words w: SIMD4<UInt32>) {
        r = PlanarPixels.float(w & 0xFF)
        g = PlanarPixels.float((w &>> 8) & 0xFF)
        b = PlanarPixels.float((w &>> 16) & 0xFF)
        a = PlanarPixels.float(w &>> 24)
    }

    /// The four pixels at `p`.
    @inline(__always) init(loading p: UnsafeMutablePointer<UInt8>) {
        self.init(words: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self))
    }

    /// Values 0…255 as floats: 2²³ + v has v in its low mantissa bits.
    @inline(__always) private static func float(_ v: SIMD4<UInt32>) -> SIMD4<Float> {
        unsafeBitCast(v | 0x4B00_0000, to: SIMD4<Float>.self) - 8_388_608
    }

    static let zero = PlanarPixels(r: .zero, g: .zero, b: .zero, a: .zero)

    @inline(__always) static func + (p: PlanarPixels, q: PlanarPixels) -> PlanarPixels {
        PlanarPixels(r: p.r + q.r, g: p.g + q.g, b: p.b + q.b, a: p.a + q.a)
    }

    @inline(__always) static func * (p: PlanarPixels, k: SIMD4<Float>) -> PlanarPixels {
        PlanarPixels(r: p.r * k, g: p.g * k, b: p.b * k, a: p.a * k)
    }

    @inline(__always) static func * (p: PlanarPixels, k: Float) -> PlanarPixels {
        PlanarPixels(r: p.r * k, g: p.g * k, b: p.b * k, a: p.a * k)
    }

    /// Each channel lerped towards `q`'s with `LevelView.lerp` (8-bit texels, weights in 1/256 steps).
    @inline(__always) func lerp(to q: PlanarPixels, _ f: SIMD4<Float>) -> PlanarPixels {
        PlanarPixels(r: LevelView.lerp(r, q.r, f), g: LevelView.lerp(g, q.g, f),
                     b: LevelView.lerp(b, q.b, f), a: LevelView.lerp(a, q.a, f))
    }

    /// Blends these four source pixels (premultiplied, 0…1, unrounded) over the four pixels at `p`, as
    /// `Blend.over` blends one.
    @inline(__always) func blend(over p: UnsafeMutablePointer<UInt8>) {
        let sr = PlanarPixels.quantize(r), sg = PlanarPixels.quantize(g)
        let sb = PlanarPixels.quantize(b), sa = PlanarPixels.quantize(a)
        let d = PlanarPixels(loading: p)
        let inverse = 255 - sa
        let word = PlanarPixels.stored(sr, d.r, inverse) | (PlanarPixels.stored(sg, d.g, inverse) &<< 8)
            | (PlanarPixels.stored(sb, d.b, inverse) &<< 16) | (PlanarPixels.stored(sa, d.a, inverse) &<< 24)
        UnsafeMutableRawPointer(p).storeBytes(of: word, as: SIMD4<UInt32>.self)
    }

    /// A channel scaled to 0…255 and rounded to nearest (ties to even), clamped.
    @inline(__always) private static func quantize(_ u: SIMD4<Float>) -> SIMD4<Float> {
        let v = u * 255
        return (v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 12_582_912) - 12_582_912
    }

    /// One channel's stored byte: `min(255, s + d ⊗ inverse)` (`Blend.blended`); ⌊y⌋ of a y ≥ 0 with at most
    /// eight fractional bits is round-to-nearest of y − ½ + 1/512 (the 1.5·2²³ trick).
    @inline(__always) private static func stored(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ inverse: SIMD4<Float>) -> SIMD4<UInt32> {
        let t = d * inverse
        let q = floorOfSteps(t * (1 / 256))
        let m = floorOfSteps((t + q + 128) * (1 / 256))
        let r = s + m
        let c = r.replacing(with: 255, where: r .> 255) + 12_582_912
        return unsafeBitCast(c, to: SIMD4<UInt32>.self) & 0xFF
    }

    /// Stores these four source pixels (premultiplied, 0…1, unrounded), each with alpha that rounds to
    /// 255, at `p`: what `blend(over:)` stores for them whatever lies below (the destination weighs 0).
    @inline(__always) func store(opaqueAt p: UnsafeMutablePointer<UInt8>) {
        let word = PlanarPixels.byte(PlanarPixels.quantize(r)) | (PlanarPixels.byte(PlanarPixels.quantize(g)) &<< 8)
            | (PlanarPixels.byte(PlanarPixels.quantize(b)) &<< 16) | 0xFF00_0000
        UnsafeMutableRawPointer(p).storeBytes(of: word, as: SIMD4<UInt32>.self)
    }

    /// An integer 0…255 held as a float, as the low byte of a word.
    @inline(__always) private static func byte(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        unsafeBitCast(v + 12_582_912, to: SIMD4<UInt32>.self) & 0xFF
    }

    /// ⌊y⌋ for 0 ≤ y < 2²² with at most 8 fractional bits.
    @inline(__always) private static func floorOfSteps(_ y: SIMD4<Float>) -> SIMD4<Float> {
        let shifted: SIMD4<Float> = y + (1 / 512 - 0.5)
        let rounded: SIMD4<Float> = shifted + 12_582_912
        return rounded - 12_582_912
    }
}
