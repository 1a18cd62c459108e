import ArgumentParser
import Foundation
import Lamina
import LaminaPNG

/// `lamina render SCENE.json -o OUT.png [--time T]`: plans and renders a scene (an animated one as its still at
/// time T), writes the image atomically (PNG, WebP, JPEG or raw RGBA). `--frames A..B --fps F -o DIR/` writes an
/// animated scene as a numbered PNG sequence; `lamina render A.json B.json … -o DIR/` renders many scenes in one
/// process (`BatchRender`).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene to a PNG, WebP, JPEG or raw RGBA file, an animated scene to a PNG sequence, or many scenes into a folder.")

    @Argument(help: ArgumentHelp("The scene JSON file ('-' for standard input).",
        discussion: "With -o DIR/: any number of scene files and folders of them; '-' then reads a list of scene paths, one a line."))
    var scenes: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (a new name or a regular file), '-' for standard output, or a folder ending in '/' for a batch.",
        discussion: "'-' writes the image (PNG unless --format says otherwise) to standard output once it is whole; on an error nothing is written there. A symbolic link is followed: the file it points to is replaced and the link stays (a replaced file keeps its mode, and its owner when run as root), except a link in a sticky world-writable folder such as /tmp owned by neither you nor the folder's owner. A folder written without a trailing '/', a device, a FIFO, or a link to one of those or to nothing is refused before rendering. In a batch each scene NAME.json becomes DIR/NAME.png (or the --format's extension); a scene that fails is reported and skipped, and the exit status is 1 when any failed."))
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

    @Option(help: "auto (default: gpu when EGL reports a hardware renderer, cpu when a software one such as llvmpipe; `lamina info` says which), gpu (OpenGL ES 3 over EGL), cpu, or both (renders with both and prints the difference).")
    var backend: BackendChoice = .auto

    @Option(help: "PNG compression: standard (libpng, zlib level 6; smallest files) or fast (libdeflate, Up filter, RGB when opaque; a few percent larger, about five times faster; same pixels).")
    var png: PNGCompression = .standard

    @Option(help: "Folder that the scenes' image paths resolve in and are confined to, as with `lamina serve --assets` (default: each scene file's folder; the current folder for standard input).")
    var assets: String?

    @OptionGroup var encoding: OutputFormatOptions

    @Option(help: "Batch: scenes rendered at once (default: one per core).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        if let s = scale, !(s > 0 && s.isFinite) { throw ValidationError("--scale must be a number > 0, got \(s)") }
        guard !scenes.isEmpty else { throw ValidationError("expected a scene file") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be ≥ 1, got \(jobs)") }
        if let t = time, !(t >= 0 && t.isFinite) { throw ValidationError("--time must be a number ≥ 0, got \(t)") }
        if let f = fps, !(f > 0 && f.isFinite) { throw ValidationError("--fps must be a number > 0, got \(f)") }
        if fps != nil && frames == nil { throw ValidationError("--fps needs --frames A..B") }
        if time != nil && frames != nil { throw ValidationError("--time and --frames cannot be combined (frame n shows time n / fps)") }
        if (time != nil || frames != nil) && scenes.count > 1 { throw ValidationError("--time and --frames take one scene") }
        if output == "-" && (scenes.count > 1 || frames != nil) {
            throw ValidationError("-o - (standard output) takes one scene and one image, not --frames or a batch")
        }
    }

    func run() throws {
        if frames == nil && output != "-" && BatchRender.isBatch(inputs: scenes, output: output) { return try runBatch() }
        let scene = scenes[0]
        try FailureReporting.run {
            try encoding.check()
            try SceneLoading.checkAssets(assets)
            if let frames { return try writeSequence(frames, scene: scene) }
            let toStandardOutput = output == "-"
            if !toStandardOutput { try OutputFile.check(output) }
            var loaded = try SceneLoading.load(scene, scale: scale, assets: assets, budget: memory.budget)
            if let time { loaded.scene.time = time }
            let plan = try SceneLoading.plan(loaded)
            let options = try encoding.options(for: toStandardOutput ? nil : output, png: png, scene: loaded.scene)
            try options.format.checkSize(width: plan.width, height: plan.height)
            var results: [(String, Bitmap)] = []
            for b in try backend.makeBackends() {
                results.append((b.name, try b.render(plan)))
            }
            if toStandardOutput {
                try StandardOutput.write(try ImageEncoder.encode(results[0].1, options))
            } else {
                try ImageEncoder.write(results[0].1, options, to: output)
            }
            if results.count == 2, let d = BitmapDifference(results[0].1, results[1].1) {
                let line = "\(results[0].0) vs \(results[1].0): \(d)\n"
                (toStandardOutput ? FileHandle.standardError : FileHandle.standardOutput).write(Data(line.utf8))
            }
        }
    }

    private func runBatch() throws {
        var failures: [(file: String, message: String)] = []
        try FailureReporting.run {
            try SceneLoading.checkAssets(assets)
            failures = try BatchRender(inputs: scenes, folder: output, backend: backend, scale: scale, assets: assets,
                                       budget: memory.budget, png: png, encoding: encoding, jobs: jobs).run()
        }
        for f in failures { FileHandle.standardError.write(Data("error: \(MessageText.line(f.message))\n".utf8)) }
        guard failures.isEmpty else {
            FailureReporting.fail("\(failures.count) of the scenes failed", code: FailureKind.badInput.exitCode)
        }
    }

    private func writeSequence(_ frames: FrameRange, scene: String) throws {
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
