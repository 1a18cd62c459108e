import Lamina

/// Steps 1 and 2 of `BlurRecipe`: the source alpha box-downsampled by the recipe's factor and blurred
/// separably with its weights, as a low-resolution plane of coverages 0…1.
///
/// The arithmetic is the GPU passes' in single precision and in their order: alpha bytes × (1/255),
/// block sums row by row then divided by factor², and each pass's products summed from the first tap.
final class BlurredAlpha: @unchecked Sendable {
    let width: Int
    let height: Int
    let factor: Int
    let values: [Float]

    /// Blurs `sourceWidth × sourceHeight` alpha bytes found every `stride` bytes from `alpha`.
    init(alpha: UnsafePointer<UInt8>, stride: Int, sourceWidth: Int, sourceHeight: Int, recipe: BlurRecipe) {
        let f = recipe.factor
        width = (sourceWidth + f - 1) / f
        height = (sourceHeight + f - 1) / f
        factor = f
        let w = width, h = height
        var low = [Float](repeating: 0, count: w * h)
        let count = Float(f * f)
        let unit = (0...255).map { Float($0) * (1 / Float(255)) }
        low.withUnsafeMutableBufferPointer { low in
            if f == 1 {
                for sy in 0..<sourceHeight {
                    let src = alpha + sy * sourceWidth * stride
                    let dst = low.baseAddress! + sy * w
                    for sx in 0..<sourceWidth { dst[sx] = unit[Int(src[sx * stride])] }
                }
                return
            }
            for sy in 0..<sourceHeight {
                let src = alpha + sy * sourceWidth * stride
                let dst = low.baseAddress! + (sy / f) * w
                for lx in 0..<w {
                    let first = lx * f
                    var sum = dst[lx]
                    for sx in first..<min(first + f, sourceWidth) { sum += unit[Int(src[sx * stride])] }
                    dst[lx] = sum
                }
            }
            for i in 0..<(w * h) { low[i] /= count }
        }
        values = BlurredAlpha.separable(low, width: w, height: h, weights: recipe.weights, radius: recipe.radius)
    }

    /// Horizontal then vertical pass; samples outside the plane are transparent.
    private static func separable(_ plane: [Float], width w: Int, height h: Int, weights: [Float], radius r: Int) -> [Float] {
        guard r > 0 else { return plane }
        var tmp = [Float](repeating: 0, count: w * h)
        var out = [Float](repeating: 0, count: w * h)
        plane.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                weights.withUnsafeBufferPointer { wt in
                    horizontal(src.baseAddress!, into: dst.baseAddress!, width: w, height: h, weights: wt.baseAddress!, radius: r)
                }
            }
        }
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                weights.withUnsafeBufferPointer { wt in
                    for y in 0..<h {
                        let d = dst.baseAddress! + y * w
                        for k in max(-r, -y)...min(r, h - 1 - y) {
                            let s = src.baseAddress! + (y + k) * w, weight = wt[k + r]
                            for x in 0..<w { d[x] += weight * s[x] }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The horizontal pass, eight outputs at a time. Each row is copied between `r` transparent samples
    /// on each side, so every output sums all its taps in order from the first; a tap past the edge adds
    /// 0 × weight = 0, which leaves the sum as the unpadded loop leaves it.
    private static func horizontal(_ src: UnsafePointer<Float>, into dst: UnsafeMutablePointer<Float>, width w: Int, height h: Int,
                                   weights wt: UnsafePointer<Float>, radius r: Int) {
        let lanes = 8
        let padded = UnsafeMutablePointer<Float>.allocate(capacity: w + 2 * r + lanes)
        defer { padded.deallocate() }
        padded.initialize(repeating: 0, count: w + 2 * r + lanes)
        let taps = 2 * r + 1
        for y in 0..<h {
            (padded + r).update(from: src + y * w, count: w)
            let d = dst + y * w
            var x = 0
            while x + lanes <= w {
                var acc = SIMD8<Float>(repeating: 0)
                for k in 0..<taps {
                    let s = UnsafeRawPointer(padded + x + k).loadUnaligned(as: SIMD8<Float>.self)
                    acc += SIMD8(repeating: wt[k]) * s
                }
                UnsafeMutableRawPointer(d + x).storeBytes(of: acc, as: SIMD8<Float>.self)
                x += lanes
            }
            while x < w {
                var acc: Float = 0
                for k in 0..<taps { acc += wt[k] * padded[x + k] }
                d[x] = acc
                x += 1
            }
        }
    }
}
