import Foundation
import PackagePlugin

/// Generates the client code of the Wayland protocols Lamina speaks (xdg-shell, presentation-time) from
/// wayland-protocols' XML with `wayland-scanner`, before every build.
///
/// SwiftPM does not compile C files or search headers that a plugin writes into its own work folder, so the
/// files go to `Sources/CWaylandProtocols/generated/` (ignored by git, excluded from the target's sources):
/// the target's `protocols.c` and public header include them from there. The command runs before the build,
/// so the C target always compiles against freshly generated code.
@main
struct WaylandScanner: BuildToolPlugin {
    static let protocols = [
        "stable/xdg-shell/xdg-shell.xml",
        "stable/presentation-time/presentation-time.xml",
    ]
    /// Lamina's own wire descriptions, under `Sources/CWaylandProtocols/protocols/` (the virtual pointer and
    /// keyboard requests the input tests send).
    static let ownProtocols = ["lamina-virtual-input.xml"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = ProcessInfo.processInfo.environment["WAYLAND_PROTOCOLS_DIR"] ?? "/usr/share/wayland-protocols"
        let generated = context.package.directoryURL.appending(path: "Sources/CWaylandProtocols/generated")
        var script = "set -e; mkdir -p '\(generated.path)'"
        let own = context.package.directoryURL.appending(path: "Sources/CWaylandProtocols/protocols").path
        let files = Self.protocols.map { "\(root)/\($0)" } + Self.ownProtocols.map { "\(own)/\($0)" }
        for xml in files {
            let name = URL(fileURLWithPath: xml).deletingPathExtension().lastPathComponent
            script += "; wayland-scanner client-header '\(xml)' '\(generated.path)/\(name)-client-protocol.h'"
            script += "; wayland-scanner private-code '\(xml)' '\(generated.path)/\(name)-protocol.c'"
        }
        let log = context.pluginWorkDirectoryURL.appending(path: "empty")
        return [.prebuildCommand(
            displayName: "Generating Wayland protocol code with wayland-scanner",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script],
            outputFilesDirectory: log)]
    }
}
