/// Texel bytes scaled by one constant pixel weight, as the blending path rounds them: entry t is the byte
/// `PlanarPixels.blend(over:)` blends for a source channel t read at level weight w and drawn at pixel weight k,
/// `rne(((t · w) · (1/255)) · k · 255)` in single precision, each operation as the float path does it.
///
/// An image drawn at an opacity below 1 gives most of its pixels that one weight (the opacity, where the
/// destination and clip cover them wholly), so their texel words can be mapped byte by byte through this
/// table and blended in integer lanes (`Blend.over(words:at:)`): the bytes the float path stores, with no
/// conversion to floats and back (an offscreen composited at a group's opacity, a translucent image).
struct ScaledBytes {
    /// The pixel weight k the table is for.
    let weight: Float
    let bytes: [UInt8]

    init(levelWeight w: Float, weight k: Float) {
        weight = k
        bytes = ScaledBytes.table { ($0 * w * (1 / 255)) * SIMD4(repeating: k) }
    }

    /// The 256 bytes `PlanarPixels.blend(over:)` blends for the source channels 0…255 after `scale` (given
    /// the channels as read, 0…255), computed with the very operations `scale` performs, four at a time.
    static func table(_ scale: (PlanarPixels) -> PlanarPixels) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 256)
        for t in stride(from: 0, to: 256, by: 4) {
            let words = SIMD4<UInt32>(UInt32(t), UInt32(t + 1), UInt32(t + 2), UInt32(t + 3)) &* 0x0101_0101
            let q = scale(PlanarPixels(words: words)).quantizedWords & 0xFF
            for lane in 0..<4 { bytes[t + lane] = UInt8(truncatingIfNeeded: q[lane]) }
        }
        return bytes
    }

    /// The four texel words with each byte replaced by its table entry.
    @inline(__always) static func words(_ w: SIMD4<UInt32>, _ table: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        SIMD4(word(w[0], through: table), word(w[1], through: table), word(w[2], through: table), word(w[3], through: table))
    }

    /// One word with each byte replaced by its entry in `table` (256 bytes).
    @inline(__always) static func word(_ v: UInt32, through table: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(table[Int(v & 0xFF)]) | UInt32(table[Int((v &>> 8) & 0xFF)]) &<< 8
            | UInt32(table[Int((v &>> 16) & 0xFF)]) &<< 16 | UInt32(table[Int(v &>> 24)]) &<< 24
    }
}
