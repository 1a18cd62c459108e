import Foundation
import Lamina
import LaminaPNG
import Testing

/// `lamina render --time` and `--frames A..B --fps F`: stills of animated scenes on both backends, numbered
/// PNG sequences, and argument errors as one line with exit code 1.
@Suite struct AnimationCommandTests {
    /// A red card sliding from x 10 to x 70 over 2 s (its model x is 40), with scene time 0.5.
    static let animated = #"""
        {"width": 100, "height": 40, "background": "white", "time": 0.5,
         "root": {"frame": [0,0,100,40], "sublayers": [
           {"bounds": [0,0,20,20], "position": [40,20], "backgroundColor": "red",
            "animations": [{"keyPath": "position.x", "from": 10, "to": 70, "duration": 2, "fillMode": "forwards"}]}]}}
        """#

    /// The same card drawn by hand at x.
    static func still(x: Double) -> String {
        #"{"width": 100, "height": 40, "background": "white", "root": {"frame": [0,0,100,40], "sublayers": [{"bounds": [0,0,20,20], "position": [\#(x),20], "backgroundColor": "red"}]}}"#
    }

    func folder() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try Data(Self.animated.utf8).write(to: URL(fileURLWithPath: dir + "/anim.json"))
        for x in [25.0, 55, 70] {
            try Data(Self.still(x: x).utf8).write(to: URL(fileURLWithPath: dir + "/still-\(Int(x)).json"))
        }
        return dir
    }

    func maxDifference(_ a: String, _ b: String) throws -> Int {
        let d = try #require(BitmapDifference(try PNGDecoder.decode(contentsOfFile: a), try PNGDecoder.decode(contentsOfFile: b)))
        return d.maxChannel
    }

    @Test(arguments: ["gpu", "cpu"]) func timeOverridesTheScenesTime(_ backend: String) throws {
        let dir = try folder()
        for (args, still) in [([], 25), (["--time", "1.5"], 55), (["--time", "9"], 70)] as [([String], Int)] {
            let r = try CLIRunner.run(["render", "anim.json", "-o", "a.png", "--backend", backend] + args, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let s = try CLIRunner.run(["render", "still-\(still).json", "-o", "s.png", "--backend", backend], in: dir)
            #expect(s.status == 0, "\(s.stderr)")
            #expect(try maxDifference(dir + "/a.png", dir + "/s.png") <= 1, "\(args) on \(backend)")
        }
    }

    @Test func framesWriteANumberedSequence() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "anim.json", "--frames", "0..4", "--fps", "2", "-o", "seq/", "--backend", "cpu"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote 5 frames"), "\(r.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/seq").sorted()
        #expect(files == (0...4).map { "frame-0000\($0).png" })
        // Frame 1 is t = 0.5 s (x 25), frame 3 is t = 1.5 s (x 55), frame 4 is past the end (held at x 70).
        for (frame, still) in [(1, 25), (3, 55), (4, 70)] {
            _ = try CLIRunner.run(["render", "still-\(still).json", "-o", "s.png", "--backend", "cpu"], in: dir)
            #expect(try maxDifference(dir + "/seq/frame-0000\(frame).png", dir + "/s.png") <= 1, "frame \(frame)")
        }
    }

    @Test func framesOnBothBackendsReportTheirDifference() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "anim.json", "--frames", "8..10", "-o", "seq", "--backend", "both"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("largest channel difference over all frames"), "\(r.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/seq").sorted() == ["frame-00008.png", "frame-00009.png", "frame-00010.png"])
    }

    @Test(arguments: [
        (["--time=-1"], "--time must be a number ≥ 0"),
        (["--time", "nan"], "--time must be a number ≥ 0"),
        (["--frames", "5..2"], "--frames"),
        (["--frames", "a..b"], "--frames"),
        (["--frames", "0..2", "--fps", "0"], "--fps must be a number > 0"),
        (["--fps", "30"], "--fps needs --frames"),
        (["--frames", "0..2", "--time", "1"], "--time and --frames cannot be combined"),
    ])
    func badArgumentsExitOneWithOneLine(_ args: [String], _ fragment: String) throws {
        let r = try CLIRunner.run(["render", "anim.json", "-o", "out"] + args, in: try folder())
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(fragment), "\(r.stderr)")
    }

    @Test func aBadAnimationIsRefusedBeforeAnyFrameIsWritten() throws {
        let dir = try folder()
        let bad = Self.animated.replacingOccurrences(of: #""duration": 2"#, with: #""duration": 0"#)
        try Data(bad.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let r = try CLIRunner.run(["render", "bad.json", "--frames", "0..3", "-o", "seq", "--backend", "cpu"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "error: bad.json: root.sublayers[0].animations[0].duration: expected a number > 0, got 0\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/seq"))
    }

    @Test func framesIntoAFileAreRefused() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "anim.json", "--frames", "0..1", "-o", "anim.json", "--backend", "cpu"], in: dir)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains("not a directory"), "\(r.stderr)")
    }
}
