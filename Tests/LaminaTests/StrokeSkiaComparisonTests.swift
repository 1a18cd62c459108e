import Foundation
import Testing
@testable import Lamina

/// Compares stroke coverage with Skia's (`SkStroke`, `SkDashPathEffect`, anti-aliased A8) for the shapes in
/// `$LAMINA_SKIA_STROKE_DIR/shapes.json`, whose Skia masks (raw 8-bit, row-major) lie beside it as `NAME.skia`
/// (made by `tools/stroke-skia/make-references DIR`). Skipped without the variable.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DIR"] != nil))
struct StrokeSkiaComparisonTests {
    @Test func coverageAgreesWithSkia() throws {
        let dir = ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DIR"]!
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/shapes.json"))
        let shapes = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for s in shapes {
            let name = s["name"] as! String, w = s["w"] as! Int, h = s["h"] as! Int
            let dash = (s["dash"] as? [Double]).map { try? DashPattern(lengths: $0, phase: s["phase"] as? Double ?? 0) } ?? nil
            let style = StrokeStyle(lineWidth: s["width"] as! Double, lineCap: LineCap(rawValue: s["cap"] as! String)!,
                                    lineJoin: LineJoin(rawValue: s["join"] as! String)!, miterLimit: s["miter"] as? Double ?? 10,
                                    dash: dash)
            let ours = StrokeTestSupport.mask(try StrokeTestSupport.stroke(s["svg"] as! String, style), w, h).alpha
            let skia = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name).skia")))
            try #require(skia.count == ours.count)
            var squared = 0.0, worst = 0.0
            for i in 0..<ours.count {
                let d = Double(ours[i]) - Double(skia[i])
                squared += d * d
                worst = max(worst, abs(d))
            }
            if ProcessInfo.processInfo.environment["LAMINA_SKIA_STROKE_DUMP"] != nil {
                try Data(ours).write(to: URL(fileURLWithPath: "\(dir)/\(name).lamina"))
            }
            let mse = squared / Double(ours.count)
            let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
            print("stroke vs Skia \(name): PSNR \(String(format: "%.1f", psnr)) dB, largest difference \(Int(worst))/255")
            #expect(psnr >= 30, "\(name): \(psnr) dB")
        }
    }
}
