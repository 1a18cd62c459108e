/// Resizes a premultiplied RGBA glyph bitmap (a color emoji strike) by area averaging: each output pixel is
/// the mean of the source area it covers, so downscaled edges stay smooth and colors do not bleed.
enum ColorBitmapScaler {
    static func scale(_ source: GlyphBitmap, by factor: Double) -> GlyphBitmap {
        guard factor > 0, source.width > 0, source.height > 0 else { return source }
        let width = max(1, Int((Double(source.width) * factor).rounded(.up)))
        let height = max(1, Int((Double(source.height) * factor).rounded(.up)))
        let columns = weights(count: width, sourceCount: source.width, factor: factor)
        let rows = weights(count: height, sourceCount: source.height, factor: factor)
        var horizontal = [Double](repeating: 0, count: width * source.height * 4)
        for sy in 0..<source.height {
            for x in 0..<width {
                var acc = (0.0, 0.0, 0.0, 0.0)
                for (sx, w) in columns[x] {
                    let i = (sy * source.width + sx) * 4
                    acc.0 += w * Double(source.pixels[i]); acc.1 += w * Double(source.pixels[i + 1])
                    acc.2 += w * Double(source.pixels[i + 2]); acc.3 += w * Double(source.pixels[i + 3])
                }
                let o = (sy * width + x) * 4
                horizontal[o] = acc.0; horizontal[o + 1] = acc.1; horizontal[o + 2] = acc.2; horizontal[o + 3] = acc.3
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    var v = 0.0
                    for (sy, w) in rows[y] { v += w * horizontal[(sy * width + x) * 4 + c] }
                    pixels[(y * width + x) * 4 + c] = UInt8(min(255, max(0, (v + 0.5).rounded(.down))))
                }
            }
        }
        return GlyphBitmap(format: .premultipliedRGBA, width: width, height: height,
                           left: Int((Double(source.left) * factor).rounded()), top: Int((Double(source.top) * factor).rounded()),
                           pixels: pixels)
    }

    /// For each output index, the source indices it covers and their weights (summing to 1 inside the source).
    private static func weights(count: Int, sourceCount: Int, factor: Double) -> [[(Int, Double)]] {
        (0..<count).map { o in
            let lo = Double(o) / factor, hi = Double(o + 1) / factor
            var list: [(Int, Double)] = []
            var s = Int(lo.rounded(.down))
            while Double(s) < hi && s < sourceCount {
                let overlap = min(hi, Double(s + 1)) - max(lo, Double(s))
                if overlap > 0 { list.append((s, overlap * factor)) }
                s += 1
            }
            return list
        }
    }
}
