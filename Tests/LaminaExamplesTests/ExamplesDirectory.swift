import Foundation

/// Where the repository's `Examples/` folder is, found from this source file's path.
enum ExamplesDirectory {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Examples").path
    }()

    /// The scene files (`*.json` other than `index.json`), sorted.
    static func sceneFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
            .filter { $0.hasSuffix(".json") && $0 != "index.json" }
            .sorted()
    }

    static func bytes(of file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + file)))
    }
}
