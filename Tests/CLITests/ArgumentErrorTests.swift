import Foundation
import Testing

/// Argument errors and error lines: exit code 1 with one line `error: …`, bounded and with control
/// characters escaped; help still prints and exits 0.
@Suite struct ArgumentErrorTests {
    func folder() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try Data(#"{"width": 10, "height": 10, "root": {"frame": [0,0,10,10]}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/ok.json"))
        return dir
    }

    @Test(arguments: [
        (["render", "ok.json", "-o", "out.png", "--bogus"], "--bogus"),
        (["render", "ok.json", "-o", "out.png", "--backend", "nope"], "nope"),
        (["render", "ok.json"], "--output"),
        (["render", "ok.json", "-o", "out.png", "--scale", "0"], "--scale must be a number > 0"),
        (["diff", "a.png", "b.png", "--threshold", "300"], "--threshold"),
        (["no-such-command"], "no-such-command"),
        (["serve", "--port", "0", "--header-timeout", "1e300"], "--header-timeout must be 0...86400 seconds"),
        (["serve", "--port", "0", "--idle-timeout", "1e17"], "--idle-timeout must be 0...86400 seconds"),
        (["serve", "--port", "0", "--idle-timeout", "nan"], "--idle-timeout must be 0...86400 seconds"),
        (["serve", "--port", "0", "--max-body", "4611686018427387904"], "--max-body must be 1...67108864 bytes"),
        (["serve", "--port", "0", "--max-body", "1000", "--max-buffered-bodies", "999"], "--max-buffered-bodies must be at least --max-body"),
        (["serve", "--port", "0", "--budget-ms", "9223372036854775807"], "--budget-ms must be 1...86400000"),
    ])
    func argumentErrorsExitOneWithOneLine(_ args: [String], _ fragment: String) throws {
        let r = try CLIRunner.run(args, in: try folder())
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
        #expect(!r.stderr.contains("USAGE"), "no usage block")
        #expect(r.stdout.isEmpty)
    }

    @Test func helpStillPrintsAndExitsZero() throws {
        let r = try CLIRunner.run(["render", "--help"], in: try folder())
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: lamina render"))
        #expect(r.stderr.isEmpty)
    }

    @Test func aMegabyteKeyGivesABoundedLine() throws {
        let dir = try folder()
        let key = String(repeating: "k", count: 1_000_000)
        try Data(#"{"width": 10, "height": 10, "root": {"\#(key)": 1}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
        let r = try CLIRunner.run(["render", "big.json", "-o", "out.png", "--backend", "cpu"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.utf8.count < 4_096, "\(r.stderr.utf8.count) bytes")
        #expect(r.stderr.hasPrefix("error: big.json: root[\"kkkk"))
        #expect(r.stderr.contains("…"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func controlCharactersInKeysArePrintedAsEscapes() throws {
        let dir = try folder()
        try Data(#"{"width": 10, "height": 10, "root": {"x\u001b[2J\ny": 1}}"#.utf8).write(to: URL(fileURLWithPath: dir + "/esc.json"))
        let r = try CLIRunner.run(["render", "esc.json", "-o", "out.png", "--backend", "cpu"], in: dir)
        #expect(r.status == 1)
        #expect(!r.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 }, "\(r.stderr)")
        #expect(r.stderr.contains(#"unknown key "x\u{1b}[2J\ny""#), "\(r.stderr)")
    }

    @Test func controlCharactersInArgumentsArePrintedAsEscapes() throws {
        let r = try CLIRunner.run(["render", "no\u{1b}]0;title\u{7}such.json", "-o", "out.png"], in: try folder())
        #expect(r.status == 1)
        #expect(r.stderr.contains(#"no\u{1b}]0;title\u{7}such.json"#), "\(r.stderr)")
        #expect(!r.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func bidirectionalControlsInArgumentsArePrintedAsEscapes() throws {
        let r = try CLIRunner.run(["render", "evil\u{202E}nosj.json", "-o", "out.png"], in: try folder())
        #expect(r.status == 1)
        #expect(r.stderr.contains(#"evil\u{202e}nosj.json"#), "\(r.stderr)")
        #expect(!r.stderr.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }
}
