import Lamina

/// A plain double-precision implementation of BlurRecipe's documented steps, to check the GPU passes.
enum BlurReference {
    /// Blurred alpha (0…1) of `mask` at every pixel of a width × height target.
    static func render(_ mask: AlphaMask, sigma: Double, origin: PixelPoint, offset: Point, width: Int, height: Int) -> [Double] {
        let recipe = BlurRecipe(sigma: sigma)
        let f = recipe.factor, r = recipe.radius
        let lw = (mask.width + f - 1) / f, lh = (mask.height + f - 1) / f
        var low = [Double](repeating: 0, count: lw * lh)
        for y in 0..<lh {
            for x in 0..<lw {
                var sum = 0.0
                for j in 0..<f { for i in 0..<f {
                    let sx = x * f + i, sy = y * f + j
                    if sx < mask.width && sy < mask.height { sum += Double(mask[sx, sy]) / 255 }
                } }
                low[y * lw + x] = sum / Double(f * f)
            }
        }
        func pass(_ src: [Double], dx: Int, dy: Int) -> [Double] {
            var out = [Double](repeating: 0, count: lw * lh)
            for y in 0..<lh {
                for x in 0..<lw {
                    var sum = 0.0
                    for k in -r...r {
                        let sx = x + dx * k, sy = y + dy * k
                        if sx >= 0 && sy >= 0 && sx < lw && sy < lh { sum += Double(recipe.weights[k + r]) * src[sy * lw + sx] }
                    }
                    out[y * lw + x] = sum
                }
            }
            return out
        }
        let blurred = r > 0 ? pass(pass(low, dx: 1, dy: 0), dx: 0, dy: 1) : low
        func at(_ x: Int, _ y: Int) -> Double { x >= 0 && y >= 0 && x < lw && y < lh ? blurred[y * lw + x] : 0 }
        var result = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x - origin.x) - offset.x, py = Double(y - origin.y) - offset.y
                let lx = (px + 0.5) / Double(f) - 0.5, ly = (py + 0.5) / Double(f) - 0.5
                let bx = lx.rounded(.down), by = ly.rounded(.down)
                let fx = lx - bx, fy = ly - by
                let ix = Int(bx), iy = Int(by)
                let top = at(ix, iy) * (1 - fx) + at(ix + 1, iy) * fx
                let bottom = at(ix, iy + 1) * (1 - fx) + at(ix + 1, iy + 1) * fx
                result[y * width + x] = top * (1 - fy) + bottom * fy
            }
        }
        return result
    }
}
