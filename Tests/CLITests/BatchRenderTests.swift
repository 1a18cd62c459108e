import Foundation
import LaminaPNG
import Testing

/// `lamina render` with formats and in batches: by extension or --format, refusals in one line with exit 1,
/// many scenes into a folder with bad ones reported (file and JSON path) and skipped.
@Suite struct BatchRenderTests {
    static let examples = CommandTests.examples

    @Test("the output's extension or --format chooses the encoding")
    func formats() throws {
        let out = try CLIRunner.temporaryDirectory()
        let cases: [([String], String, [UInt8])] = [
            (["-o", out + "/a.webp"], "a.webp", Array("RIFF".utf8)),
            (["-o", out + "/a.jpg", "--quality", "60"], "a.jpg", [0xFF, 0xD8, 0xFF]),
            (["-o", out + "/a.img", "--format", "webp", "--lossless"], "a.img", Array("RIFF".utf8)),
            (["-o", out + "/a.png", "--png", "fast"], "a.png", [0x89, 0x50, 0x4E, 0x47]),
            (["-o", out + "/a.rgba"], "a.rgba", []),
        ]
        for (args, name, magic) in cases {
            let r = try CLIRunner.run(["render", "listing-4.1-corner-radius.json", "--backend", "cpu"] + args, in: Self.examples)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)))
            #expect(Array(bytes.prefix(magic.count)) == magic, "\(name)")
        }
        let png = try PNGDecoder.decode(contentsOfFile: out + "/a.png")
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/a.rgba")))
        #expect(raw.count == png.width * png.height * 4)
    }

    @Test("an unknown format or a quality outside 0–100 is one line naming the option, exit 1, no file")
    func refusals() throws {
        let out = try CLIRunner.temporaryDirectory()
        for (args, word) in [(["--format", "gif"], "format"), (["--quality", "101", "--format", "jpeg"], "quality"),
                             (["--quality=-3"], "quality")] {
            let r = try CLIRunner.run(["render", "listing-4.1-corner-radius.json", "-o", out + "/x.png"] + args, in: Self.examples)
            #expect(r.status == 1, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: \(word): "), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }

    @Test("a batch renders every good scene, reports each bad one with file and JSON path, and exits 1")
    func batchWithFailures() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let bad = dir + "/broken.json"
        try Data(#"{"width":10,"height":10,"root":{"sublayers":[{"cornerRadius":"x"}]}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let scenes = ["listing-4.1-corner-radius.json", "listing-4.3-shadow-view.json", bad, dir + "/missing.json",
                      "figure-4.5-default-shadow.json"]
        let r = try CLIRunner.run(["render"] + scenes + ["-o", dir + "/out/", "--backend", "cpu", "--format", "webp"], in: Self.examples)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("broken.json: root.sublayers[0].cornerRadius: expected a number"), "\(r.stderr)")
        #expect(r.stderr.contains("missing.json"), "\(r.stderr)")
        #expect(r.stderr.contains("2 of the scenes failed"), "\(r.stderr)")
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"))
        #expect(written == ["listing-4.1-corner-radius.webp", "listing-4.3-shadow-view.webp", "figure-4.5-default-shadow.webp"])
    }

    @Test("a folder and a list on standard input are batches; the GPU batch matches single renders")
    func foldersAndLists() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let scenes = dir + "/scenes"
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        let names = ["listing-4.1-corner-radius.json", "listing-4.3-shadow-view.json", "figure-4.5-default-shadow.json"]
        for name in names { try FileManager.default.copyItem(atPath: Self.examples + "/" + name, toPath: scenes + "/" + name) }
        try Data("not a scene".utf8).write(to: URL(fileURLWithPath: scenes + "/notes.txt"))
        let r = try CLIRunner.run(["render", scenes, "-o", dir + "/all/", "--jobs", "2"], in: Self.examples, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/all")) == Set(names.map { $0.replacingOccurrences(of: ".json", with: ".png") }))
        let single = try CLIRunner.run(["render", "listing-4.3-shadow-view.json", "-o", dir + "/one.png"], in: Self.examples)
        #expect(single.status == 0)
        #expect(try PNGDecoder.decode(contentsOfFile: dir + "/one.png") == PNGDecoder.decode(contentsOfFile: dir + "/all/listing-4.3-shadow-view.png"))
        let list = try CLIRunner.run(["render", "-", "-o", dir + "/list/", "--backend", "cpu"], in: Self.examples,
                                     stdin: "printf 'listing-4.1-corner-radius.json\\n\\nlisting-4.1-corner-radius.json\\n'")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir + "/list")) == ["listing-4.1-corner-radius.png", "listing-4.1-corner-radius-2.png"])
    }
}
