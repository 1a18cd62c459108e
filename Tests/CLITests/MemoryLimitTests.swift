import Foundation
import Lamina
import LaminaPNG
import Testing

/// `--memory-limit` through the real binary: images are counted from their headers before decoding,
/// the same file named several times decodes once, and a refusal is one line with exit status 1.
@Suite struct MemoryLimitTests {
    /// A folder with two different 2048² PNGs (16 MiB each decoded) and a scene naming `names`.
    static func folder(names: [String: String]) throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        for (file, value) in [("a.png", UInt8(200)), ("b.png", UInt8(90))] {
            let bitmap = Bitmap(width: 2048, height: 2048, pixels: [UInt8](repeating: value, count: 2048 * 2048 * 4))
            try Data(try PNGEncoder.encode(bitmap, compression: .fast)).write(to: URL(fileURLWithPath: dir + "/" + file))
        }
        let images = names.map { "\"\($0.key)\": \"\($0.value)\"" }.sorted().joined(separator: ", ")
        let layers = names.keys.sorted().enumerated().map { i, name in
            "{\"frame\": [\(i * 20), 0, 20, 20], \"contents\": \"\(name)\"}"
        }.joined(separator: ", ")
        let scene = "{\"width\": 64, \"height\": 32, \"images\": {\(images)}, \"root\": {\"frame\": [0, 0, 64, 32], \"sublayers\": [\(layers)]}}"
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        return dir
    }

    @Test func imagesPastTheLimitAreRefusedBeforeDecoding() throws {
        let dir = try MemoryLimitTests.folder(names: ["first": "a.png", "second": "b.png"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--backend", "cpu", "--memory-limit", "20M"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "error: scene.json: images.second: decoding the scene's images needs 32 MiB so far; "
                + "the memory limit is 20 MiB (--memory-limit)\n", "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func oneFileNamedThreeTimesDecodesOnce() throws {
        let dir = try MemoryLimitTests.folder(names: ["x": "a.png", "y": "./a.png", "z": "a.png"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--backend", "cpu", "--memory-limit", "40M"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func theWholeRenderIsChecked() throws {
        let dir = try MemoryLimitTests.folder(names: ["x": "a.png"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--backend", "gpu", "--memory-limit", "24M"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: scene.json: the render needs 32 MiB (canvas 16 KiB, images 32 MiB); "), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func malformedLimitIsOneLine() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--memory-limit", "lots"], in: dir)
        #expect(r.status != 0)
        #expect(r.stderr.contains("--memory-limit: expected a size such as 512M or 2G"), "\(r.stderr)")
    }
}
