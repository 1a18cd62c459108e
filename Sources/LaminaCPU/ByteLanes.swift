/// Four RGBA8 pixels' words worked on as 16-bit lanes: each word's red and blue bytes form one vector of
/// eight lanes, its green and alpha bytes another, so channel arithmetic up to 2¹⁶ runs eight channels per
/// SSE2 vector with no shuffles (`PlanarPixels.blend(over:)`, `TexelLerp`).
enum ByteLanes {
    /// `f` applied to the red/blue lanes and to the green/alpha lanes of `a` and `b`; `f` must leave every
    /// lane at most 255.
    @inline(__always) static func combine(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>,
                                          _ f: (SIMD8<UInt16>, SIMD8<UInt16>) -> SIMD8<UInt16>) -> SIMD4<UInt32> {
        let even = f(lanes(a & 0x00FF_00FF), lanes(b & 0x00FF_00FF))
        let odd = f(lanes((a &>> 8) & 0x00FF_00FF), lanes((b &>> 8) & 0x00FF_00FF))
        return unsafeBitCast(even, to: SIMD4<UInt32>.self) | (unsafeBitCast(odd, to: SIMD4<UInt32>.self) &<< 8)
    }

    /// A value per pixel (at most 255) in both 16-bit halves of its word: the weight of each of its lanes.
    @inline(__always) static func spread(_ perPixel: SIMD4<UInt32>) -> SIMD8<UInt16> {
        lanes(perPixel | (perPixel &<< 16))
    }

    @inline(__always) private static func lanes(_ words: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(words, to: SIMD8<UInt16>.self)
    }
}
