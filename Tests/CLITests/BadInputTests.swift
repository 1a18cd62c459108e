import Foundation
import Testing

/// The bad-input corpus (Tests/CLITests/BadInputs, made by tools/make-bad-inputs): every file is refused by
/// `lamina render` with exit code 1, one line naming the file and the problem, no output file, in bounded time
/// and memory.
@Suite struct BadInputTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "BadInputs").path
    static let expected: [(file: String, fragment: String)] = {
        guard let text = try? String(contentsOfFile: folder + "/expected.tsv", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }()

    @Test func corpusHasAtLeastSixtyInputs() {
        #expect(Self.expected.count >= 60)
    }

    @Test(arguments: expected.map(\.file)) func refusedWithOneClearLine(_ file: String) throws {
        let fragment = Self.expected.first { $0.file == file }!.fragment
        let out = try CLIRunner.temporaryDirectory()
        let png = out + "/out.png"
        let r = try CLIRunner.run(["render", file, "-o", png, "--backend", "cpu"], in: Self.folder, memoryKiB: 3_000_000, timeout: 30)
        #expect(r.status == 1, "\(file): exit \(r.status), stderr: \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(file): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: \(file): "), "\(file): \(r.stderr)")
        #expect(fragment.isEmpty || r.stderr.contains(fragment), "\(file): expected '\(fragment)' in \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png), "no output file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty, "no temporary leftovers")
        #expect(r.seconds < 30)
    }

    @Test func documentOverSixtyFourMiBIsRefused() throws {
        let dir = try CLIRunner.temporaryDirectory()
        var doc = Data("{\"width\": 10, \"height\": 10, \"root\": {\"name\": \"".utf8)
        doc.append(Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 * 1024))
        doc.append(Data("\"}}".utf8))
        try doc.write(to: URL(fileURLWithPath: dir + "/huge.json"))
        let r = try CLIRunner.run(["render", "huge.json", "-o", "out.png", "--backend", "cpu"], in: dir, memoryKiB: 3_000_000)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: huge.json: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func failedRenderKeepsThePreviousOutput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try Data("{\"width\": 10, \"height\": 10, \"root\": {\"frame\": [0,0,10,10], \"backgroundColor\": \"red\"}}".utf8)
            .write(to: URL(fileURLWithPath: dir + "/good.json"))
        try Data("{\"width\": 10, \"height\": 10, \"root\": {\"opacity\": 2}}".utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        #expect(try CLIRunner.run(["render", "good.json", "-o", "out.png", "--backend", "cpu"], in: dir).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png"))
        #expect(try CLIRunner.run(["render", "bad.json", "-o", "out.png", "--backend", "cpu"], in: dir).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png")) == before)
    }
}
