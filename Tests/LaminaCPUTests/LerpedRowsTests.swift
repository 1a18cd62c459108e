import Lamina
import Testing
@testable import LaminaCPU

/// Magnified bilinear image draws keep their texel rows lerped along x across target rows (`LerpedRows`).
/// What they store must still be, pixel for pixel, the bilinear sample of that pixel's own taps
/// (`LevelView.sample`) × opacity blended as `Blend.over` blends it — whatever rows the cache holds.
@Suite struct LerpedRowsTests {
    typealias P = PlanBuilding

    /// A translucent, uneven w × h image (or an opaque one).
    static func image(width w: Int, height h: Int, opaque: Bool) -> Image {
        var texels = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = opaque ? 255 : (i * 53 + 40) % 256
            texels[i * 4 + 3] = UInt8(a)
            for c in 0..<3 { texels[i * 4 + c] = UInt8(a * ((i * (c + 5) + c) % 19) / 18) }
        }
        return Image(bitmap: Bitmap(width: w, height: h, pixels: texels))
    }

    /// Destinations on whole pixels (full coverage inside), sources magnified 2.7 × 3.4, 6 × 1.6, and at their
    /// size off whole texels (each target row reads a new pair of texel rows, one kept from the row before);
    /// translucent and opaque images at opacities 0.6 and 1.
    @Test(arguments: [(35, 17, Rect(0, 0, 1, 1)), (78, 8, Rect(0, 0, 1, 1)), (12, 4, Rect(0.3 / 13, 0.13, 12.0 / 13, 0.8))],
          [(false, 0.6), (false, 1.0), (true, 1.0)])
    func eachPixelIsItsOwnBilinearSample(layout: (width: Int, height: Int, source: Rect), paint: (opaque: Bool, opacity: Double)) throws {
        let w = 13, h = 5
        let image = Self.image(width: w, height: h, opaque: paint.opaque)
        let background = PremultipliedColor(red: 0.3, green: 0.5, blue: 0.2, alpha: 0.8)
        let destination = Rect(0, 0, Double(layout.width), Double(layout.height))
        let transform = AffineTransform.translation(4, 2)
        let draw = ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: w, height: h)), destination: destination,
                             sourceRect: layout.source, transform: transform, sampling: .linear, opacity: paint.opacity, clip: .none)
        let width = layout.width + 8, height = layout.height + 4
        let drawn = try P.render(RenderPlan(width: width, height: height, clearColor: .transparent, images: [image],
                                            commands: [P.fill(Rect(0, 0, Double(width), Double(height)), color: background), .image(draw)]))
        let under = try P.render(RenderPlan(width: width, height: height, clearColor: .transparent, images: [image],
                                            commands: [P.fill(Rect(0, 0, Double(width), Double(height)), color: background)]))
        let mapping = SourceMapping(inverse: try #require(transform.inverted), destination: destination, sourceRect: layout.source)
        let texels = PixelBuffer(bitmap: image.bitmap)
        defer { withExtendedLifetime(texels) {} }
        let view = LevelView(texels, weight: 1)
        var wrong = 0
        for y in 2..<(2 + layout.height) {
            for x in 4..<(4 + layout.width) {
                let tx = AxisTap(unit: mapping.u(x, y), size: w, linear: true), ty = AxisTap(unit: mapping.v(x, y), size: h, linear: true)
                var expected = [under[x, y][0], under[x, y][1], under[x, y][2], under[x, y][3]]
                expected.withUnsafeMutableBufferPointer {
                    Blend.over(view.sample(tx, ty) * (1 / 255) * Float(paint.opacity), $0.baseAddress!)
                }
                let got = drawn[x, y]
                if [got[0], got[1], got[2], got[3]] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(layout), \(paint): \(wrong) of \(layout.width * layout.height) pixels differ")
    }

    @Test func theLayoutsReuseRows() {
        #expect(LerpedRows.pays(texelsPerRow: 5.0 / 17))
        #expect(LerpedRows.pays(texelsPerRow: 1))
        #expect(!LerpedRows.pays(texelsPerRow: 2))
    }
}
