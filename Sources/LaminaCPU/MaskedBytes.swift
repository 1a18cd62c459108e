/// Texel bytes under a mask, as the float path rounds them at full weight: entry `t | m << 8` is the byte
/// `PlanarPixels.blend(over:)` blends for a source channel t under mask alpha m, both read from levels of
/// weight 1 — `rne(((t · (1/255)) · (m · (1/255))) · 255)` in single precision, each operation as
/// `ImageRasterizer` does it for a masked draw.
///
/// A layer mask is composited as its content offscreen and its mask offscreen read one to one at the layer's
/// place; there each pixel of full weight maps its four bytes through the table and blends the word in
/// integer lanes (`Blend.over(words:at:)`): the bytes the float path stores, without converting either read.
enum MaskedBytes {
    /// 64 KiB, made on first use from the float operations themselves.
    static let table: [UInt8] = (0..<256).flatMap { m in
        let alpha = SIMD4<Float>(repeating: Float(m)) * (1 / 255)
        return ScaledBytes.table { (($0 * (1 / 255)) * alpha) * SIMD4<Float>(repeating: 1) }
    }

    /// Blends `count` source texels under the alpha of `count` mask texels (both read one to one from levels of
    /// weight 1) × `weights[i]` over the pixels at `p`, storing what `ImageRasterizer`'s masked draw stores:
    /// groups of four of weight 1 through the table, other groups and the tail through the same floats.
    static func blendRow(texels: UnsafeMutablePointer<UInt8>, mask: UnsafeMutablePointer<UInt8>, weights: UnsafePointer<Float>,
                         into p: UnsafeMutablePointer<UInt8>, count: Int) {
        table.withUnsafeBufferPointer { table in
            let source = UnsafeRawPointer(texels), alphas = UnsafeRawPointer(mask)
            var i = 0
            while i &+ 4 <= count {
                let k = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD4<Float>.self)
                let words = source.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                let m = alphas.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self) &>> 24
                if k == SIMD4(repeating: 1) {
                    if words != .zero && m != .zero { Blend.over(words: mapped(words, m, table.baseAddress!), at: p + i &* 4) }
                } else if any(k .> 0) {
                    let unit = (PlanarPixels(words: words) * (1 / 255)) * (PlanarPixels(words: m &<< 24).a * (1 / 255))
                    (unit * k).blend(over: p + i &* 4)
                }
                i &+= 4
            }
            while i < count {
                if weights[i] > 0 {
                    let alpha = Float(mask[i &* 4 &+ 3])
                    Blend.over(Blend.load(texels + i &* 4) * (1 / 255) * (alpha * (1 / 255)) * weights[i], p + i &* 4)
                }
                i &+= 1
            }
        }
    }

    /// Each byte of each word mapped through the row of the table for its pixel's mask alpha.
    @inline(__always) private static func mapped(_ w: SIMD4<UInt32>, _ m: SIMD4<UInt32>, _ table: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
        SIMD4(ScaledBytes.word(w[0], through: table + Int(m[0]) &<< 8), ScaledBytes.word(w[1], through: table + Int(m[1]) &<< 8),
              ScaledBytes.word(w[2], through: table + Int(m[2]) &<< 8), ScaledBytes.word(w[3], through: table + Int(m[3]) &<< 8))
    }
}
