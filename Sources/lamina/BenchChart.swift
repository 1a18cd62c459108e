import Lamina
import LaminaCPU

/// Draws benchmark results as a bar chart with Lamina's own layers, rendered on the CPU path:
/// one group of bars per scene, one bar per backend (median ms per frame, whiskers from min to max).
enum BenchChart {
    static let palette: [String: Color] = [
        "gpu": Color(red: 0.20, green: 0.45, blue: 0.85), "cpu": Color(red: 0.90, green: 0.45, blue: 0.15),
        "skia": Color(red: 0.35, green: 0.65, blue: 0.30),
    ]

    static func render(_ results: [BenchResult]) throws -> Bitmap {
        let scenes = Array(Set(results.map(\.label))).sorted()
        let backends = Array(Set(results.map(\.backend))).sorted()
        let maxMs = max(results.map(\.frameMs.max).max() ?? 1, 1)
        let w = 160.0 * Double(max(scenes.count, 1)) + 80, h = 360.0, plotH = 300.0, base = 330.0
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
                layers += [bar, whisker]
            }
        }
        var root = Layer()
        root.setFrame(Rect(0, 0, w, h))
        root.sublayers = layers
        let scene = Scene(width: w, height: h, scale: 2, background: .white, root: root)
        return try CPUBackend().render(try RenderPlanner.plan(scene))
    }
}
