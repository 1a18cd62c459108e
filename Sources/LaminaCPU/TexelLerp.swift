/// `LevelView.lerp` for four RGBA8 texels at once in 16-bit integer lanes.
///
/// With 8-bit texels a, b and a weight f = F/256 (F = 0…255), `a + (b − a)·f` rounded half up is
/// `(a·(256 − F) + b·F + 128) >> 8`: the float sum is m/256 for the integer m = a·(256 − F) + b·F, and
/// adding 1/512 before rounding to nearest only moves it off the halves, which it never lands on (2m + 257
/// is odd). Every term stays below 2¹⁶ (at most 255·256 + 128), so each word's red and blue bytes and its
/// green and alpha bytes are lerped as eight 16-bit lanes (`ByteLanes`).
enum TexelLerp {
    /// Weights 0…1 in 1/256 steps as F in both 16-bit halves of each pixel's word (F exact below 256).
    @inline(__always) static func weights(_ f: SIMD4<Float>) -> SIMD8<UInt16> {
        ByteLanes.spread(unsafeBitCast(f * 256 + 12_582_912, to: SIMD4<UInt32>.self) & 0xFFFF)
    }

    /// Each channel of four pixels' words `a` lerped towards `b`'s with the pixel's weight `w` (`weights`):
    /// (a·(256 − w) + b·w + 128) >> 8 in each lane (`ByteLanes`).
    @inline(__always) static func lerp(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ w: SIMD8<UInt16>) -> SIMD4<UInt32> {
        ByteLanes.combine(a, b) { x, y in (x &* (256 &- w) &+ y &* w &+ 128) &>> 8 }
    }
}
