/// Four RGBA8 pixels held one channel per vector (four red values, four green, …) as floats 0…255.
///
/// `blend(over:)` is `Blend.over` for four pixels at once: the sources are rounded to bytes in float
/// lanes (one channel per vector lines a pixel's alpha up with its colors without moving values between
/// lanes), then blended in 16-bit integer lanes, the red and blue bytes of the four pixels in one vector
/// and their green and alpha bytes in another, so the stored bytes are the integer blender's.
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

    /// Blends these four source pixels (premultiplied, 0…1, unrounded) over the four pixels at `p`, as
    /// `Blend.over` blends one: the sources are rounded to bytes in float lanes, then blended with
    /// `Blend.blended`'s integer arithmetic in 16-bit lanes, eight channels per vector (`ByteLanes`).
    @inline(__always) func blend(over p: UnsafeMutablePointer<UInt8>) {
        Blend.over(words: quantizedWords, at: p)
    }

    /// The four pixels rounded to 8-bit words, as `blend(over:)` blends them.
    @inline(__always) var quantizedWords: SIMD4<UInt32> {
        PlanarPixels.quantizedByte(r) | (PlanarPixels.quantizedByte(g) &<< 8)
            | (PlanarPixels.quantizedByte(b) &<< 16) | (PlanarPixels.quantizedByte(a) &<< 24)
    }

    /// A channel scaled to 0…255, clamped and rounded to nearest (ties to even, the 1.5·2²³ trick), as the
    /// low byte of a word.
    @inline(__always) private static func quantizedByte(_ u: SIMD4<Float>) -> SIMD4<UInt32> {
        let v = u * 255
        let c = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 12_582_912
        return unsafeBitCast(c, to: SIMD4<UInt32>.self) & 0xFF
    }

    /// Stores these four source pixels (premultiplied, 0…1, unrounded), each with alpha that rounds to
    /// 255, at `p`: what `blend(over:)` stores for them whatever lies below (the destination weighs 0).
    @inline(__always) func store(opaqueAt p: UnsafeMutablePointer<UInt8>) {
        let word = PlanarPixels.quantizedByte(r) | (PlanarPixels.quantizedByte(g) &<< 8)
            | (PlanarPixels.quantizedByte(b) &<< 16) | 0xFF00_0000
        UnsafeMutableRawPointer(p).storeBytes(of: word, as: SIMD4<UInt32>.self)
    }
}
