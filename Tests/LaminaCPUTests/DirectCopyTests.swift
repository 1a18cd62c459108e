import Lamina
import Testing
@testable import LaminaCPU

/// Image draws at their size on whole pixels read their texels one to one (`ImageRasterizer.directColumns`,
/// `LevelView.blendDirectRow`); what they store is still each texel × opacity blended as `Blend.over` blends it.
@Suite struct DirectCopyTests {
    typealias P = PlanBuilding

    static func taps(_ columns: [(Int32, Float)]) -> [AxisTap] {
        columns.map { column in
            var tap = AxisTap(unit: 0, size: 1, linear: false)
            tap.i0 = column.0; tap.i1 = column.0 + 1; tap.f = column.1
            return tap
        }
    }

    @Test func theLongestRunOfConsecutiveWholeTexelsIsDirect() {
        let clamped = Self.taps([(0, 0), (0, 0), (1, 0), (2, 0), (3, 0), (3, 0)])
        #expect(ImageRasterizer.directColumns(clamped, xs: 10..<16) == 11..<15)
        let fractions = Self.taps([(0, 0.5), (1, 0.5), (2, 0.5)])
        #expect(ImageRasterizer.directColumns(fractions, xs: 0..<3).isEmpty)
        let broken = Self.taps([(4, 0), (5, 0), (6, 0.25), (7, 0), (8, 0), (9, 0), (11, 0)])
        #expect(ImageRasterizer.directColumns(broken, xs: 0..<7) == 3..<6)
        let magnified = Self.taps([(0, 0), (0, 0), (1, 0), (1, 0)])
        #expect(ImageRasterizer.directColumns(magnified, xs: 0..<4).count == 2)
    }

    /// A translucent, uneven image at a whole-pixel offset, nearest and linear, at its size and (nearest) at
    /// twice its size, at opacities 0.7 and 1 over a colored background: every pixel equals `Blend.over` of its
    /// texel × opacity over the background (at opacity 1 the texel words are blended as they are).
    @Test(arguments: [(Sampling.nearest, 1), (.linear, 1), (.nearest, 2)], [0.7, 1])
    func aWholePixelCopyBlendsEachTexel(layout: (sampling: Sampling, scale: Int), opacity: Double) throws {
        let w = 13, h = 5, n = layout.scale
        var texels = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = UInt8((i * 37) % 256)
            texels[i * 4 + 3] = a
            for c in 0..<3 { texels[i * 4 + c] = UInt8(Int(a) * ((i * (c + 3)) % 17) / 16) }
        }
        let image = Image(bitmap: Bitmap(width: w, height: h, pixels: texels))
        let background = PremultipliedColor(red: 0.2, green: 0.4, blue: 0.3, alpha: 0.9)
        let draw = ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: w, height: h)),
                             destination: Rect(0, 0, Double(w * n), Double(h * n)), sourceRect: Rect(0, 0, 1, 1),
                             transform: .translation(5, 3), sampling: layout.sampling, opacity: opacity, clip: .none)
        let plan = RenderPlan(width: 40, height: 16, clearColor: .transparent, images: [image],
                              commands: [P.fill(Rect(0, 0, 40, 16), color: background), .image(draw)])
        let drawn = try P.render(plan)
        let under = try P.render(RenderPlan(width: 40, height: 16, clearColor: .transparent, images: [image],
                                            commands: [P.fill(Rect(0, 0, 40, 16), color: background)]))
        for y in 0..<(h * n) {
            for x in 0..<(w * n) {
                var expected = [under[x + 5, y + 3][0], under[x + 5, y + 3][1], under[x + 5, y + 3][2], under[x + 5, y + 3][3]]
                let i = (y / n * w + x / n) * 4
                let texel = SIMD4<Float>(Float(texels[i]), Float(texels[i + 1]), Float(texels[i + 2]), Float(texels[i + 3]))
                expected.withUnsafeMutableBufferPointer { Blend.over(texel * (1 / 255) * Float(opacity), $0.baseAddress!) }
                let got = drawn[x + 5, y + 3]
                #expect([got[0], got[1], got[2], got[3]] == expected, "\(layout) at \(opacity): pixel (\(x), \(y))")
            }
        }
    }
}
