import ArgumentParser
import Foundation
import LaminaExamples
import LaminaPNG

/// `lamina assets -o Examples/assets`: writes the deterministic images the example scenes use.
struct AssetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assets", abstract: "Write the example scenes' images (deterministic) as PNG files.")

    @Option(name: .shortAndLong, help: "The folder to write into (created if missing).")
    var output = "Examples/assets"

    func run() throws {
        try FailureReporting.run {
            try OutputFile.checkDirectory(output)
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for (name, make) in ExampleAssets.all {
                let bitmap = make()
                try PNGEncoder.write(bitmap, to: (output as NSString).appendingPathComponent(name))
                print("\(name) \(bitmap.width)×\(bitmap.height)")
            }
        }
    }
}
