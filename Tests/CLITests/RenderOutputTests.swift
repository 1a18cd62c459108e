import Foundation
import LaminaPNG
import Testing

/// `--backend auto`, `render --assets DIR` and `render -o -` as a user meets them.
@Suite struct RenderOutputTests {
    static let red = #"{"width": 8, "height": 6, "root": {"frame": [0,0,8,6], "backgroundColor": "red"}}"#

    func folder() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try Data(Self.red.utf8).write(to: URL(fileURLWithPath: dir + "/red.json"))
        return dir
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func infoSaysWhatAutoPicksAndWhy() throws {
        let r = try CLIRunner.run(["info"], in: try folder())
        try #require(r.status == 0, "\(r.stderr)")
        let renderer = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("GL renderer: ") }).dropFirst(13)
        let software = ["llvmpipe", "softpipe", "swrast"].contains { renderer.lowercased().contains($0) }
        let expected = software
            ? "backend auto: cpu (EGL reports a software renderer (\(renderer)), slower than the CPU path)"
            : "backend auto: gpu (EGL reports a hardware renderer (\(renderer)))"
        #expect(r.stdout.contains(expected), "\(r.stdout)")
    }

    @Test func autoIsTheDefaultAndRendersWhatTheChosenBackendRenders() throws {
        let dir = try folder()
        let info = try CLIRunner.run(["info"], in: dir)
        let picked = info.stdout.contains("backend auto: gpu") ? "gpu" : "cpu"
        let auto = try CLIRunner.run(["render", "red.json", "-o", "auto.png"], in: dir)
        let explicit = try CLIRunner.run(["render", "red.json", "-o", "explicit.png", "--backend", picked], in: dir)
        #expect(auto.status == 0 && explicit.status == 0, "\(auto.stderr) \(explicit.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/auto.png") == FileManager.default.contents(atPath: dir + "/explicit.png"))
    }

    @Test func assetsAreSharedByScenesInSeveralFoldersAndConfined() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        let made = try CLIRunner.run(["render", "red.json", "-o", "assets/red.png", "--backend", "cpu"], in: dir)
        try #require(made.status == 0, "\(made.stderr)")
        let uses = #"{"width": 8, "height": 6, "images": {"r": "red.png"}, "root": {"frame": [0,0,8,6], "contents": "r"}}"#
        try write(uses, to: dir + "/a/one.json")
        try write(uses, to: dir + "/b/two.json")
        for scene in ["a/one.json", "b/two.json"] {
            let r = try CLIRunner.run(["render", scene, "-o", "out.png", "--assets", "assets", "--backend", "cpu"], in: dir)
            #expect(r.status == 0, "\(scene): \(r.stderr)")
            #expect(try PNGDecoder.decode(contentsOfFile: dir + "/out.png").pixels.prefix(4) == [255, 0, 0, 255])
        }
        let without = try CLIRunner.run(["render", "a/one.json", "-o", "out.png", "--backend", "cpu"], in: dir)
        #expect(without.status == 1, "without --assets the image is looked for next to the scene")
        try write(#"{"width": 8, "height": 6, "images": {"r": "../red.json"}, "root": {"contents": "r"}}"#, to: dir + "/a/escape.json")
        let escape = try CLIRunner.run(["render", "a/escape.json", "-o", "out.png", "--assets", "assets", "--backend", "cpu"], in: dir)
        #expect(escape.status == 1)
        #expect(escape.stderr.contains("leads outside"), "\(escape.stderr)")
        let batch = try CLIRunner.run(["render", "a/one.json", "b/two.json", "-o", "batch/", "--assets", "assets", "--backend", "cpu"], in: dir)
        #expect(batch.status == 0, "\(batch.stderr)")
        let notFolder = try CLIRunner.run(["render", "a/one.json", "-o", "out.png", "--assets", "red.json"], in: dir)
        #expect(notFolder.status == 1)
        #expect(notFolder.stderr == "error: --assets red.json: not a folder\n")
    }

    /// Runs lamina in `dir` and returns its exit status and standard output as bytes.
    func binaryOutput(_ args: [String], in dir: String) throws -> (status: Int32, bytes: Data) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, bytes)
    }

    @Test func dashWritesTheImageToStandardOutput() throws {
        let dir = try folder()
        let png = try binaryOutput(["render", "red.json", "-o", "-", "--backend", "cpu"], in: dir)
        try #require(png.status == 0)
        #expect(png.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        try png.bytes.write(to: URL(fileURLWithPath: dir + "/copy.png"))
        let file = try CLIRunner.run(["render", "red.json", "-o", "file.png", "--backend", "cpu"], in: dir)
        #expect(file.status == 0)
        #expect(FileManager.default.contents(atPath: dir + "/file.png") == png.bytes)
        let rgba = try binaryOutput(["render", "red.json", "-o", "-", "--backend", "cpu", "--format", "rgba"], in: dir)
        #expect(rgba.status == 0 && rgba.bytes.count == 8 * 6 * 4 && rgba.bytes.prefix(4) == Data([255, 0, 0, 255]))
        let webp = try binaryOutput(["render", "red.json", "-o", "-", "--backend", "cpu", "--format", "webp"], in: dir)
        #expect(webp.status == 0 && webp.bytes.starts(with: Array("RIFF".utf8)))
        #expect(!FileManager.default.fileExists(atPath: dir + "/-"))
    }

    @Test func dashWritesNothingOnAnError() throws {
        let dir = try folder()
        try write(#"{"width": 8, "height": 6, "root": {"opacity": 2}}"#, to: dir + "/bad.json")
        let bad = try CLIRunner.run(["render", "bad.json", "-o", "-", "--backend", "cpu"], in: dir)
        #expect(bad.status == 1 && bad.stdout.isEmpty, "\(bad.stderr)")
        let two = try CLIRunner.run(["render", "red.json", "red.json", "-o", "-"], in: dir)
        #expect(two.status == 1 && two.stdout.isEmpty)
        #expect(two.stderr.contains("-o - (standard output) takes one scene"), "\(two.stderr)")
    }
}

extension RenderOutputTests {
    @Test func aCanvasTooWideForWebPIsBadInputBeforeDrawing() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try write(#"{"width": 16384, "height": 2, "background": "red", "root": {}}"#, to: dir + "/wide.json")
        let r = try CLIRunner.run(["render", "wide.json", "-o", "wide.webp", "--backend", "cpu"], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("16383 px a side"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/wide.webp"))
        let png = try CLIRunner.run(["render", "wide.json", "-o", "wide.png", "--backend", "cpu"], in: dir)
        #expect(png.status == 0, "\(png.stderr)")
    }
}
