import Lamina
import Testing
@testable import LaminaCPU

/// A layer mask composited one to one maps source bytes under each mask alpha through a table (`MaskedBytes`)
/// where the pixel's weight is 1; what it stores must be the float path's, value for value.
@Suite struct MaskedBytesTests {
    typealias P = PlanBuilding

    /// A translucent, uneven w × h image whose texels (and alphas) follow `seed`, with a transparent run.
    static func image(width w: Int, height h: Int, seed: Int) -> Image {
        var texels = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) where i % 11 > 2 {
            let a = (i * (29 + seed) + 7 * seed) % 256
            texels[i * 4 + 3] = UInt8(a)
            for c in 0..<3 { texels[i * 4 + c] = UInt8(a * ((i * (c + seed) + c) % 17) / 16) }
        }
        return Image(bitmap: Bitmap(width: w, height: h, pixels: texels))
    }

    /// Every entry t | m << 8 is (t · (1/255)) · (m · (1/255)) scaled to 255 and rounded as `Blend.quantize` rounds.
    @Test func everyEntryIsTheRoundedFloatProduct() {
        var wrong = 0
        for m in 0..<256 {
            for t in 0..<256 {
                let unit = SIMD4<Float>(repeating: Float(t)) * (1 / 255) * (Float(m) * (1 / 255))
                if MaskedBytes.table[t | m << 8] != UInt8(truncatingIfNeeded: Blend.quantize(unit).x) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// Content and mask offscreens of an uneven image each, composited one to one at a whole-pixel offset, at
    /// opacity 1 (the table) and 0.6 (the floats), over an uneven background: every pixel equals `Blend.over` of
    /// its content texel × (1/255) × its mask alpha × (1/255) × opacity, as `ImageRasterizer` computes it.
    @Test(arguments: [1.0, 0.6])
    func aMaskedCompositeBlendsEachTexelUnderItsMaskAlpha(opacity: Double) throws {
        let w = 23, h = 7, width = 32, height = 12
        let content = Self.image(width: w, height: h, seed: 3), mask = Self.image(width: w, height: h, seed: 8)
        let background = PremultipliedColor(red: 0.2, green: 0.5, blue: 0.4, alpha: 0.9)
        func copy(_ index: Int) -> DrawCommand {
            .image(ImageDraw(source: .image(index: index, crop: PixelRect(x: 0, y: 0, width: w, height: h)),
                             destination: Rect(0, 0, Double(w), Double(h)), sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                             sampling: .nearest, opacity: 1, clip: .none))
        }
        let composite = ImageDraw(source: .offscreen(0), destination: Rect(0, 0, Double(w), Double(h)), sourceRect: Rect(0, 0, 1, 1),
                                  transform: .translation(4, 3), sampling: .nearest, opacity: opacity, mask: 1, clip: .none)
        let offscreens = [Offscreen(width: w, height: h, reason: .maskedContent(layer: "content")),
                          Offscreen(width: w, height: h, reason: .mask(layer: "mask"))]
        let ground = P.fill(Rect(0, 0, Double(width), Double(height)), color: background)
        let drawn = try P.render(RenderPlan(width: width, height: height, clearColor: .transparent, images: [content, mask],
                                            offscreens: offscreens, commands: [
            ground, .beginOffscreen(0), copy(0), .endOffscreen, .beginOffscreen(1), copy(1), .endOffscreen, .image(composite),
        ]))
        let under = try P.render(RenderPlan(width: width, height: height, clearColor: .transparent, commands: [ground]))
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let texel = (0..<4).map { Float(content.bitmap.pixels[i + $0]) }
                let alpha = Float(mask.bitmap.pixels[i + 3])
                var expected = (0..<4).map { under[x + 4, y + 3][$0] }
                let source = SIMD4<Float>(texel[0], texel[1], texel[2], texel[3]) * (1 / 255) * (alpha * (1 / 255)) * Float(opacity)
                expected.withUnsafeMutableBufferPointer { Blend.over(source, $0.baseAddress!) }
                let got = drawn[x + 4, y + 3]
                #expect([got[0], got[1], got[2], got[3]] == expected, "opacity \(opacity): pixel (\(x), \(y))")
            }
        }
    }
}
