import Lamina
import Testing
@testable import LaminaCPU

/// `BlurredAlpha` computes steps 1 and 2 of `BlurRecipe` with the GPU passes' arithmetic: every sum in the
/// same order as one pixel at a time. Its loops are arranged for speed (blocks summed without a division
/// per pixel, eight horizontal outputs at once over a zero-padded row), so they are checked here, value for
/// value (`==`, not a tolerance), against the steps written out one pixel at a time.
@Suite struct BlurredAlphaTests {
    /// Steps 1 and 2 written out: block sums row by row, each output's taps summed from the first in range.
    static func reference(_ alpha: [UInt8], stride: Int, width sw: Int, height sh: Int, recipe: BlurRecipe) -> [Float] {
        let f = recipe.factor, w = (sw + f - 1) / f, h = (sh + f - 1) / f
        var low = [Float](repeating: 0, count: w * h)
        for sy in 0..<sh {
            for sx in 0..<sw { low[(sy / f) * w + sx / f] += Float(alpha[(sy * sw + sx) * stride]) * (1 / Float(255)) }
        }
        if f > 1 { low = low.map { $0 / Float(f * f) } }
        let r = recipe.radius, wt = recipe.weights
        guard r > 0 else { return low }
        var across = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var acc: Float = 0
                for k in -r...r where x + k >= 0 && x + k < w { acc += wt[k + r] * low[y * w + x + k] }
                across[y * w + x] = acc
            }
        }
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for k in -r...r where y + k >= 0 && y + k < h {
                for x in 0..<w { out[y * w + x] += wt[k + r] * across[(y + k) * w + x] }
            }
        }
        return out
    }

    /// Random alpha (runs of 0, 255 and values between, as shapes give), sizes that are and are not
    /// multiples of the factor or of eight, σ from below a pixel to one that downsamples four times.
    @Test(arguments: [0.6, 2.0, 5.5, 9.0, 13.0, 40.0])
    func equalsThePixelByPixelSteps(sigma: Double) {
        var random = SplitMix64(seed: UInt64(sigma * 1000))
        let recipe = BlurRecipe(sigma: sigma)
        for (sw, sh) in [(1, 1), (7, 3), (8, 8), (29, 17), (64, 41), (133, 90)] {
            for stride in [1, 4] {
                var alpha = [UInt8](repeating: 0, count: sw * sh * stride)
                for i in 0..<(sw * sh) {
                    let roll = random.next() % 4
                    alpha[i * stride] = roll == 0 ? 0 : roll == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
                }
                let blurred = alpha.withUnsafeBufferPointer {
                    BlurredAlpha(alpha: $0.baseAddress!, stride: stride, sourceWidth: sw, sourceHeight: sh, recipe: recipe)
                }
                let expected = Self.reference(alpha, stride: stride, width: sw, height: sh, recipe: recipe)
                #expect(blurred.values == expected, "σ \(sigma), \(sw)×\(sh), stride \(stride), factor \(recipe.factor)")
            }
        }
    }

    @Test func theSigmasCoverEveryLoop() {
        let recipes = [0.6, 2.0, 5.5, 9.0, 13.0, 40.0].map(BlurRecipe.init(sigma:))
        #expect(recipes.contains { $0.factor == 1 && $0.radius > 0 })
        #expect(recipes.contains { $0.factor == 2 })
        #expect(recipes.contains { $0.factor >= 4 })
        #expect(recipes.contains { 2 * $0.radius + 1 > 8 })
    }
}
