import Foundation
import PackagePlugin

/// Embeds every file of the package's `Shaders/` folder into the target as `EmbeddedShaders.sources`.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaders = context.package.directoryURL.appending(path: "Shaders")
        let files = try FileManager.default.contentsOfDirectory(at: shaders, includingPropertiesForKeys: nil)
            .filter { ["vert", "frag", "glsl"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [.buildCommand(
            displayName: "Embedding \(files.count) shaders",
            executable: try context.tool(named: "ShaderEmbedder").url,
            arguments: [output.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output])]
    }
}
