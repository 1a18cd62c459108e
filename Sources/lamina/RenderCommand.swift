import ArgumentParser
import Foundation
import Lamina
import LaminaPNG

/// `lamina render SCENE.json -o OUT.png`: plans and renders a scene, writes a PNG atomically.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene to a PNG file.")

    @Argument(help: "The scene JSON file ('-' for standard input).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write (a new name or a regular file).",
        discussion: "A symbolic link is followed: the file it points to is replaced and the link stays. A folder, a device, a FIFO, or a link to one of those or to nothing is refused before rendering."))
    var output: String

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
    }

    func run() throws {
        try FailureReporting.run {
            try OutputFile.check(output)
            let loaded = try SceneLoading.load(scene, scale: scale, assets: assets, budget: memory.budget)
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
}
