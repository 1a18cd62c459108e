import Foundation
import Lamina
import LaminaPNG

/// Writes the frames of an animated scene as a numbered PNG sequence (`frame-00012.png`), frame n showing
/// the scene at time n / fps. Each frame is a still of the scene at its time; one `IncrementalRenderer` per
/// backend lives for the whole sequence and redraws only what changed since the previous frame.
final class FrameSequenceWriter {
    let loaded: SceneLoading.Loaded
    let frames: FrameRange
    let fps: Double
    let directory: String
    let png: PNGCompression

    init(loaded: SceneLoading.Loaded, frames: FrameRange, fps: Double, directory: String, png: PNGCompression) {
        self.loaded = loaded
        self.frames = frames
        self.fps = fps
        self.directory = directory
        self.png = png
    }

    /// Zero-padded to at least 5 digits, and to the digits of the last frame number.
    var digits: Int { max(5, String(frames.last).count) }

    func fileName(ofFrame n: Int) -> String {
        let number = String(n)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The scene time frame `n` shows.
    func time(ofFrame n: Int) -> Double { Double(n) / fps }

    /// What a run found: frames written, and with two backends the largest channel difference between them.
    struct Summary {
        var written = 0
        var maxDifference: Int?
    }

    /// Renders and writes every frame; the first backend's pixels are written.
    func run(backends: [any RenderBackend]) throws -> Summary {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let renderers = backends.map { IncrementalRenderer(backend: $0, budget: loaded.budget) }
        let progress = ProgressBar(total: frames.count)
        defer { progress.finish() }
        var summary = Summary()
        for n in frames.first...frames.last {
            var scene = loaded.scene
            scene.time = time(ofFrame: n)
            var bitmaps: [Bitmap] = []
            for renderer in renderers {
                guard let bitmap = try render(scene, with: renderer) else {
                    throw RenderError(.internal, "\(renderer.backend.name): frame \(n) read back no pixels")
                }
                bitmaps.append(bitmap)
            }
            try PNGEncoder.write(bitmaps[0], to: (directory as NSString).appendingPathComponent(fileName(ofFrame: n)),
                                 compression: png)
            if bitmaps.count == 2, let d = BitmapDifference(bitmaps[0], bitmaps[1]) {
                summary.maxDifference = max(summary.maxDifference ?? 0, d.maxChannel)
            }
            summary.written += 1
            progress.advance("frame \(n)")
        }
        return summary
    }

    /// A planning limit is reported against the scene's file, as a single render reports it.
    private func render(_ scene: Scene, with renderer: IncrementalRenderer) throws -> Bitmap? {
        do {
            return try renderer.render(scene).bitmap
        } catch let e as RenderError where e.kind == .badInput {
            throw RenderError(.badInput, "\((loaded.file as NSString).lastPathComponent): \(e.message)")
        }
    }
}
