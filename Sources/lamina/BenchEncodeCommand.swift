import ArgumentParser
import Foundation
import Lamina
import LaminaPNG

/// `lamina bench-encode SCENE`: renders a scene once, then encodes the frame repeatedly in each format and
/// reports the median wall and thread CPU time per encode and the size.
struct BenchEncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-encode", abstract: "Benchmark the image encoders (PNG, WebP, JPEG) on a rendered scene.")

    @Argument(help: "The scene JSON file.") var scene: String
    @Option(help: "gpu or cpu.") var backend: BackendChoice = .cpu
    @Option(help: "Timed encodes per format.") var runs = 15
    @Option(help: "Pixels per point; overrides the scene's scale.") var scale: Double?

    /// The encodings measured, with their labels.
    static let cases: [(String, EncodingOptions)] = [
        ("png standard (libpng, zlib 6)", EncodingOptions(format: .png, pngCompression: .standard)),
        ("png fast (libdeflate 3, Up)", EncodingOptions(format: .png, pngCompression: .fast)),
        ("webp lossless (effort 25)", EncodingOptions(format: .webp, lossless: true)),
        ("webp lossy q80", EncodingOptions(format: .webp, quality: 80)),
        ("jpeg q85", EncodingOptions(format: .jpeg, quality: 85)),
    ]

    func validate() throws {
        guard runs >= 1, runs <= 10_000 else { throw ValidationError("--runs must be 1…10000") }
        guard backend != .both else { throw ValidationError("--backend must be gpu or cpu") }
    }

    func run() throws {
        try FailureReporting.run {
            let loaded = try SceneLoading.load(scene, scale: scale, assets: nil)
            let bitmap = try backend.makeBackends()[0].render(try SceneLoading.plan(loaded))
            print("\(bitmap.width)×\(bitmap.height) px, \(runs) encodes each; medians")
            print("format                           wall ms   cpu ms      bytes")
            for (label, options) in Self.cases {
                var walls: [Double] = [], cpus: [Double] = []
                var size = 0
                _ = try ImageEncoder.encode(bitmap, options)
                for _ in 0..<runs {
                    let (w0, c0) = (ContinuousClock.now, Self.threadCPU())
                    size = try ImageEncoder.encode(bitmap, options).count
                    cpus.append((Self.threadCPU() - c0) * 1000)
                    let d = (ContinuousClock.now - w0).components
                    walls.append(Double(d.seconds) * 1000 + Double(d.attoseconds) / 1e15)
                }
                print(label.padding(toLength: 31, withPad: " ", startingAt: 0)
                      + String(format: " %8.1f %8.1f %10d", Self.median(walls), Self.median(cpus), size))
            }
        }
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// CPU seconds of the calling thread.
    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
