import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG

/// `lamina render A.json B.json … -o DIR/`: many scenes in one process. Threads take scenes in turn, each
/// with its own backend (so its GL context, shaders and texture caches serve every scene it renders); decoded
/// images are shared by all. A scene that fails is reported with its file and JSON path and skipped.
struct BatchRender: @unchecked Sendable {
    let inputs: [String]
    let folder: String
    let backend: BackendChoice
    let scale: Double?
    let assets: String?
    let budget: MemoryBudget
    let png: PNGCompression
    let encoding: OutputFormatOptions
    let jobs: Int

    /// True for a batch: `output` ends in "/", or there are several inputs, or an input is a folder. (A single
    /// scene with an existing folder as output, written without the "/", is refused as before.)
    static func isBatch(inputs: [String], output: String) -> Bool {
        output.hasSuffix("/") || inputs.count > 1 || inputs.contains { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
    }

    /// Renders everything; returns the failures (file, message), in input order.
    func run() throws -> [(file: String, message: String)] {
        if backend == .both { throw RenderError(.badInput, "--backend both compares one scene; render a batch with gpu or cpu") }
        try encoding.check()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = try BatchInputs.expand(inputs)
        let names = BatchInputs.outputNames(files, format: encoding.format.flatMap(ImageFormat.init(name:)) ?? .png)
        let images = ImageLibrary()
        let state = BatchState(count: files.count)
        let finished = DispatchGroup()
        for index in 0..<max(1, min(jobs, files.count)) {
            finished.enter()
            let thread = Thread {
                var renderer: (any RenderBackend)?
                while let i = state.take() {
                    do {
                        let r = try renderer ?? backend.makeBackends()[0]
                        renderer = r
                        try render(files[i], to: folder + "/" + names[i], with: r, images: images)
                        state.succeeded((files[i] as NSString).lastPathComponent)
                    } catch let e as any LaminaFailure {
                        state.failed(i, e.description, environment: e.kind == .badInput ? nil : e)
                    } catch {
                        state.failed(i, "internal error: \(error)", environment: error)
                    }
                }
                renderer = nil
                finished.leave()
            }
            thread.name = "lamina-batch-\(index)"
            thread.stackSize = 64 << 20
            thread.start()
        }
        finished.wait()
        state.finish()
        if let failure = state.environmentFailure { throw failure }
        return state.failures.keys.sorted().map { (files[$0], state.failures[$0]!) }
    }

    private func render(_ file: String, to path: String, with renderer: any RenderBackend, images: ImageLibrary) throws {
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder, scaleOverride: scale, imageLibrary: images, budget: budget)
        let loaded = SceneLoading.Loaded(scene: try decoder.decode(contentsOfFile: file, assets: assets), file: file, budget: budget)
        let options = try encoding.options(for: path, png: png, scene: loaded.scene)
        let plan = try SceneLoading.plan(loaded)
        try options.format.checkSize(width: plan.width, height: plan.height)
        try ImageEncoder.write(try renderer.render(plan), options, to: path)
    }
}
