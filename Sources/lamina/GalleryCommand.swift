import ArgumentParser
import Foundation
import Lamina
import LaminaExamples
import LaminaPNG

/// `lamina gallery -o DIR`: renders every example of `Examples/` and writes the PNGs with an HTML contact sheet.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery", abstract: "Render every example scene to PNG and write an index.html contact sheet.")

    @Option(name: .shortAndLong, help: "The folder to write the PNGs and index.html into (created if missing).")
    var output: String

    @Option(help: "The examples folder with index.json.")
    var examples = "Examples"

    @Option(help: "auto (default: gpu on a hardware renderer, else cpu), gpu or cpu.")
    var backend: BackendChoice = .auto

    func validate() throws {
        guard backend != .both else { throw ValidationError("--backend must be auto, gpu or cpu for a gallery") }
    }

    func run() throws {
        try FailureReporting.run {
            try OutputFile.checkDirectory(output)
            let entries = try ExampleCatalog.load(directory: examples)
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let renderer = IncrementalRenderer(backend: try backend.makeBackends()[0])
            let progress = ProgressBar(total: entries.count)
            var rows: [GalleryPage.Row] = []
            for entry in entries {
                let path = (examples as NSString).appendingPathComponent(entry.file)
                let scene = try SceneLoading.load(path, scale: nil, assets: nil).scene
                let start = DispatchTime.now()
                guard let bitmap = try renderer.renderWhole(scene) else { continue }
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
                let png = (entry.file as NSString).deletingPathExtension + ".png"
                try PNGEncoder.write(bitmap, to: (output as NSString).appendingPathComponent(png))
                rows.append(GalleryPage.Row(entry: entry, image: png, width: scene.width, height: scene.height, milliseconds: ms))
                progress.advance(entry.file)
            }
            progress.finish()
            let html = GalleryPage(rows: rows, backend: renderer.backend.name).html
            try AtomicFileWriter.write(Array(html.utf8), to: (output as NSString).appendingPathComponent("index.html"))
            print("wrote \(rows.count) images and index.html to \(output) (\(renderer.backend.name))")
        }
    }
}
