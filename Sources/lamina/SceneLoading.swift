import Foundation
import Lamina
import LaminaPNG

/// Reads scene files (or standard input) with PNG images, and plans them on a large stack.
enum SceneLoading {
    struct Loaded {
        var scene: Scene
        var file: String
        var budget: MemoryBudget
    }

    static func decoder(scale: Double?, budget: MemoryBudget) -> SceneDecoder {
        SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder, scaleOverride: scale, budget: budget)
    }

    /// Loads `path` ('-': standard input); image paths resolve in and are confined to `assets` when given,
    /// else the scene file's folder (the current folder for standard input).
    static func load(_ path: String, scale: Double?, assets: String?, budget: MemoryBudget = .machineDefault) throws -> Loaded {
        let d = decoder(scale: scale, budget: budget)
        if path == "-" {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(descriptor: STDIN_FILENO, limit: Limits.maxDocumentBytes)
            } catch .tooLarge {
                throw SceneError(file: "<stdin>", path: "", message: "standard input holds more than \(Limits.maxDocumentBytes) bytes; "
                                 + "scene documents may be at most \(Limits.maxDocumentBytes) bytes (64 MiB)", exceedsLimit: true)
            } catch {
                throw SceneError(file: "<stdin>", path: "", message: "cannot read standard input: \(error)")
            }
            let base = assets ?? FileManager.default.currentDirectoryPath
            return Loaded(scene: try d.decode(bytes, fileName: "<stdin>", baseDirectory: base), file: "<stdin>", budget: budget)
        }
        return Loaded(scene: try d.decode(contentsOfFile: path, assets: assets), file: path, budget: budget)
    }

    /// Checks that `assets` (an `--assets` option) names a folder.
    static func checkAssets(_ assets: String?) throws {
        guard let assets else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
            throw RenderError(.badInput, "--assets \(assets): not a folder")
        }
    }

    /// Plans a loaded scene; a limit only found while planning is reported against the scene's file.
    static func plan(_ loaded: Loaded) throws -> RenderPlan {
        do {
            return try LargeStack.run(levels: loaded.scene.root.depth) { try RenderPlanner.plan(loaded.scene, budget: loaded.budget) }
        } catch let e as RenderError where e.kind == .badInput {
            throw RenderError(.badInput, "\((loaded.file as NSString).lastPathComponent): \(e.message)")
        }
    }
}
