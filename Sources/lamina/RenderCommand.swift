import ArgumentParser
import Foundation
import Lamina
import LaminaPNG

/// `lamina render SCENE.json -o OUT.png [--time T]`: plans and renders a scene (an animated one as its still
/// at time T), writes a PNG atomically. With `--frames A..B --fps F -o DIR/` writes a numbered PNG sequence.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene to a PNG file, or an animated scene to a PNG sequence.")

    @Argument(help: "The scene JSON file ('-' for standard input).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write (a new name or a regular file).",
        discussion: "A symbolic link is followed: the file it points to is replaced and the link stays. A folder, a device, a FIFO, or a link to one of those or to nothing is refused before rendering."))
    var output: String

    @Option(help: "Seconds on the scene's clock to render the still at; overrides the scene's time.")
    var time: Double?

    @Option(help: ArgumentHelp("Frame numbers A..B to write as a PNG sequence into the folder given by -o.",
        discussion: "Frame n shows the scene at n / fps seconds and is written as frame-NNNNN.png."))
    var frames: FrameRange?

    @Option(help: "Frames per second of the sequence (with --frames; default 60).")
    var fps: Double?

    @Option(help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    @Option(help: "gpu (OpenGL ES 3 over EGL), cpu, or both (renders with both and prints the difference).")
    var backend: BackendChoice = .gpu

    @Option(help: "PNG compression: standard (smallest files) or fast (zlib level 1, Sub filter; same pixels).")
    var png: PNGCompression = .standard

    @Option(help: "Folder that image paths of a scene read from standard input resolve in (default: the current folder).")
    var assets: String?

    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        if let s = scale, !(s > 0 && s.isFinite) { throw ValidationError("--scale must be a number > 0, got \(s)") }
        if let t = time, !(t >= 0 && t.isFinite) { throw ValidationError("--time must be a number ≥ 0, got \(t)") }
        if let f = fps, !(f > 0 && f.isFinite) { throw ValidationError("--fps must be a number > 0, got \(f)") }
        if fps != nil && frames == nil { throw ValidationError("--fps needs --frames A..B") }
        if time != nil && frames != nil { throw ValidationError("--time and --frames cannot be combined (frame n shows time n / fps)") }
    }

    func run() throws {
        try FailureReporting.run {
            if let frames { return try writeSequence(frames) }
            try OutputFile.check(output)
            var loaded = try SceneLoading.load(scene, scale: scale, assets: assets, budget: memory.budget)
            if let time { loaded.scene.time = time }
            let plan = try SceneLoading.plan(loaded)
            var results: [(String, Bitmap)] = []
            for b in try backend.makeBackends() {
                results.append((b.name, try b.render(plan)))
            }
            try PNGEncoder.write(results[0].1, to: output, compression: png)
            if results.count == 2, let d = BitmapDifference(results[0].1, results[1].1) {
                print("\(results[0].0) vs \(results[1].0): \(d)")
            }
        }
    }

    private func writeSequence(_ frames: FrameRange) throws {
        try OutputFile.checkDirectory(output)
        let loaded = try SceneLoading.load(scene, scale: scale, assets: assets, budget: memory.budget)
        let writer = FrameSequenceWriter(loaded: loaded, frames: frames, fps: fps ?? 60, directory: output, png: png)
        let backends = try backend.makeBackends()
        let summary = try writer.run(backends: backends)
        let last = writer.fileName(ofFrame: frames.last)
        print("wrote \(summary.written) frames to \(output) (\(writer.fileName(ofFrame: frames.first)) … \(last))")
        if let d = summary.maxDifference, backends.count == 2 {
            print("\(backends[0].name) vs \(backends[1].name): largest channel difference over all frames \(d)")
        }
    }
}
