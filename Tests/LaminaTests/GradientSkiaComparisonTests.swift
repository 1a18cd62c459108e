import Foundation
import Testing
@testable import Lamina

/// Compares gradient pixels with Skia's (`SkGradientShader` linear, radial with an elliptical local matrix,
/// sweep rotated onto E − S; unpremultiplied interpolation, no dithering; the bounds drawn as an anti-aliased
/// rect) for the cases in `$LAMINA_SKIA_STROKE_DIR/gradients.json`, whose Skia pixels (raw premultiplied RGBA8)
/// lie beside it as `NAME.gskia` (made by `tools/stroke-skia/make-references DIR`). Skipped without the variable.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DIR"] != nil))
struct GradientSkiaComparisonTests {
    @Test func gradientPixelsAgreeWithSkia() throws {
        let dir = ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DIR"]!
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/gradients.json"))
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for g in cases {
            let name = g["name"] as! String, w = g["w"] as! Int, h = g["h"] as! Int
            let b = g["bounds"] as! [Double], m = g["transform"] as! [Double]
            let colors = (g["colors"] as! [[Double]]).map { Color(red: $0[0] / 255, green: $0[1] / 255, blue: $0[2] / 255, alpha: $0[3] / 255) }
            let s = g["start"] as! [Double], e = g["end"] as! [Double]
            let content = GradientContent(colors: colors, locations: g["locations"] as? [Double], startPoint: Point(s[0], s[1]),
                                          endPoint: Point(e[0], e[1]), type: GradientType(rawValue: g["type"] as! String)!)
            let transform = AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
            let ours = try #require(try GradientRasterizer.pixels(content, bounds: Rect(b[0], b[1], b[2], b[3]), transform: transform,
                                                                  region: PixelRect(x: 0, y: 0, width: w, height: h)))
            let skia = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name).gskia")))
            try #require(skia.count == ours.count)
            var squared = 0.0, worst = 0.0, beyondOne = 0
            for i in 0..<ours.count {
                let d = Double(ours[i]) - Double(skia[i])
                squared += d * d
                worst = max(worst, abs(d))
                if abs(d) > 1 { beyondOne += 1 }
            }
            // Away from the bounds' edges (both images inked within 2 pixels all round) the colors agree to ±1;
            // at the edges the anti-aliasing differs (Skia's rect coverage against exact area).
            var interiorWorst = 0
            for y in 2..<max(2, h - 2) {
                for x in 2..<max(2, w - 2) {
                    var inked = true
                    for dy in -2...2 { for dx in -2...2 where ours[((y + dy) * w + x + dx) * 4 + 3] == 0 || skia[((y + dy) * w + x + dx) * 4 + 3] == 0 {
                        inked = false
                    } }
                    guard inked else { continue }
                    for c in 0..<4 { interiorWorst = max(interiorWorst, abs(Int(ours[(y * w + x) * 4 + c]) - Int(skia[(y * w + x) * 4 + c]))) }
                }
            }
            #expect(interiorWorst <= 1, "\(name): \(interiorWorst)/255 inside")
            if ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DUMP"] != nil {
                try Data(ours).write(to: URL(fileURLWithPath: "\(dir)/\(name).glamina"))
            }
            let mse = squared / Double(ours.count)
            let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
            print("gradient vs Skia \(name): PSNR \(String(format: "%.1f", psnr)) dB, largest difference \(Int(worst))/255 (inside \(interiorWorst)), "
                + "\(String(format: "%.2f", 100 * Double(beyondOne) / Double(ours.count)))% of bytes off by more than 1")
            #expect(psnr >= 40, "\(name): \(psnr) dB")
        }
    }
}
