import Lamina
import LaminaCPU
import LaminaExamples

/// Draws benchmark results as a bar chart with Lamina's own layers, rendered on the CPU path:
/// one group of bars per scene, one bar per backend (median ms per frame, whiskers from min to max).
enum BenchChart {
    static let palette: [String: Color] = [
        "gpu": Color(red: 0.20, green: 0.45, blue: 0.85), "cpu": Color(red: 0.90, green: 0.45, blue: 0.15),
        "skia": Color(red: 0.35, green: 0.65, blue: 0.30),
    ]

    /// A text label (pixel font) with its top-left at (x, y).
    static func label(_ text: String, x: Double, y: Double) -> Layer {
        let image = TextImage.make(text, pixelSize: 2, color: Color(white: 0.15))
        var l = Layer()
        l.setFrame(Rect(x, y, Double(image.width) / 2, Double(image.height) / 2))
        l.contents = image
        l.contentsScale = 2
        return l
    }

    static func render(_ results: [BenchResult]) throws -> Bitmap {
        let scenes = Array(Set(results.map(\.label))).sorted()
        let backends = Array(Set(results.map(\.backend))).sorted()
        let maxMs = max(results.map(\.frameMs.max).max() ?? 1, 1)
        let w = max(160.0 * Double(max(scenes.count, 1)) + 80, 420), h = 380.0, plotH = 290.0, base = 340.0
        var layers: [Layer] = []
        for k in 0...4 {
            var grid = Layer()
            grid.setFrame(Rect(40, base - plotH * Double(k) / 4, w - 60, 1))
            grid.backgroundColor = Color(white: 0.85)
            layers.append(grid)
        }
        let barW = 120.0 / Double(max(backends.count, 1))
        for (i, s) in scenes.enumerated() {
            for (j, b) in backends.enumerated() {
                guard let r = results.first(where: { $0.label == s && $0.backend == b }) else { continue }
                let x = 60 + Double(i) * 160 + Double(j) * barW
                let hBar = plotH * r.frameMs.median / maxMs
                var bar = Layer()
                bar.setFrame(Rect(x, base - hBar, barW - 6, hBar))
                bar.backgroundColor = palette[b] ?? Color(white: 0.4)
                bar.cornerRadius = 3
                bar.maskedCorners = [.minXMinY, .maxXMinY]
                var whisker = Layer()
                let top = base - plotH * r.frameMs.max / maxMs, bottom = base - plotH * r.frameMs.min / maxMs
                whisker.setFrame(Rect(x + (barW - 6) / 2 - 1, top, 2, max(bottom - top, 1)))
                whisker.backgroundColor = Color(white: 0.15)
                layers += [bar, whisker, label(String(format: "%.0f", r.frameMs.median), x: x, y: base - hBar - 14)]
            }
        }
        for (i, s) in scenes.enumerated() {
            layers.append(label(s.replacingOccurrences(of: ".json", with: ""), x: 60 + Double(i) * 160, y: base + 8))
        }
        for (j, b) in backends.enumerated() {
            var swatch = Layer()
            swatch.setFrame(Rect(40 + Double(j) * 90, 10, 10, 10))
            swatch.backgroundColor = palette[b] ?? Color(white: 0.4)
            layers += [swatch, label(b, x: 54 + Double(j) * 90, y: 8)]
        }
        layers.append(label("MEDIAN MS PER FRAME, MAX \(Int(maxMs.rounded())) MS AT TOP LINE", x: 40, y: 24))
        var root = Layer()
        root.setFrame(Rect(0, 0, w, h))
        root.sublayers = layers
        let scene = Scene(width: w, height: h, scale: 2, background: .white, root: root)
        return try CPUBackend().render(try RenderPlanner.plan(scene))
    }
}
