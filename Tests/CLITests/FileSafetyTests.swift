import Foundation
import Testing

/// Hostile files and paths end to end: FIFOs and other non-regular files are refused without blocking,
/// output paths are checked before rendering and left untouched, standard input is read only up to the
/// document limit.
@Suite struct FileSafetyTests {
    static let good = #"{"width": 10, "height": 10, "root": {"frame": [0,0,10,10], "backgroundColor": "red"}}"#
    static let bad = #"{"width": 10, "height": 10, "root": {"opacity": 2}}"#

    func folder() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        try Data(Self.good.utf8).write(to: URL(fileURLWithPath: dir + "/good.json"))
        try Data(Self.bad.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        return dir
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    func fileType(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    func expectOneLine(_ r: CLIRunner.Result, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(fragment), "expected '\(fragment)' in \(r.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aFIFOAsSceneFileIsRefusedQuickly() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/scene.json", 0o644) == 0)
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--backend", "cpu"], in: dir, timeout: 20)
        expectOneLine(r, "error: scene.json: not a regular file (a FIFO)")
        #expect(r.seconds < 20)
    }

    @Test func aFIFOAsImageSourceIsRefusedQuickly() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/assets/x.png", 0o644) == 0)
        try Data(#"{"width": 10, "height": 10, "images": {"x": "assets/x.png"}, "root": {"frame": [0,0,10,10], "contents": "x"}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/scene.json"))
        let r = try CLIRunner.run(["render", "scene.json", "-o", "out.png", "--backend", "cpu"], in: dir, timeout: 20)
        expectOneLine(r, #"error: scene.json: images.x: cannot read "assets/x.png": not a regular file (a FIFO)"#)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func aFIFOGivenToDiffIsRefusedQuickly() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/a.png", 0o644) == 0)
        let r = try CLIRunner.run(["diff", "a.png", "a.png"], in: dir, timeout: 20)
        expectOneLine(r, "error: cannot read a.png: not a regular file (a FIFO)")
    }

    /// The scene is bad too: an output problem reported first shows the path is checked before the scene
    /// is even read, let alone rendered.
    @Test(arguments: ["pipe.png", "link.png", "folder.png", "null.png"])
    func nonRegularOutputsAreRefusedBeforeRenderingAndLeftAlone(_ name: String) throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/pipe.png", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "pipe.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/null.png", withDestinationPath: "/dev/null")
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        let r = try CLIRunner.run(["render", "bad.json", "-o", name, "--backend", "cpu"], in: dir, timeout: 20)
        expectOneLine(r, "error: cannot write \(name): ")
        #expect(isFIFO(dir + "/pipe.png"))
        #expect(fileType(dir + "/link.png") == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/null.png") == "/dev/null")
        #expect(fileType(dir + "/folder.png") == .typeDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/folder.png").isEmpty)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == before, "no temporary files")
    }

    @Test func aMissingOutputFolderIsNamedInWords() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "bad.json", "-o", "/nonexistent/dir/out.png"], in: dir)
        expectOneLine(r, "error: cannot create a file in /nonexistent/dir: no such directory")
        let d = try CLIRunner.run(["diff", "none-a.png", "none-b.png", "--out", "/nonexistent/dir/d.png"], in: dir)
        expectOneLine(d, "error: cannot create a file in /nonexistent/dir: no such directory")
        #expect(FileManager.default.createFile(atPath: dir + "/plain", contents: Data()))
        let g = try CLIRunner.run(["gallery", "-o", "plain/pages", "--examples", "none"], in: dir)
        expectOneLine(g, "error: cannot write into plain/pages: ")
    }

    @Test func aSymbolicLinkOutputIsFollowedAndKept() throws {
        let dir = try folder()
        #expect(FileManager.default.createFile(atPath: dir + "/target.png", contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "target.png")
        let r = try CLIRunner.run(["render", "good.json", "-o", "link.png", "--backend", "cpu"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(fileType(dir + "/link.png") == .typeSymbolicLink)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/target.png"))
        #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "the link's target holds the PNG")
        let help = try CLIRunner.run(["render", "--help"], in: dir)
        #expect(help.status == 0)
        #expect(help.stdout.contains("symbolic link is followed"), "\(help.stdout)")
    }

    @Test func endlessStandardInputIsCutAtTheDocumentLimit() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "-", "-o", "out.png", "--backend", "cpu"], in: dir, memoryKiB: 3_000_000,
                                  timeout: 60, stdin: "cat /dev/zero 2>/dev/null")
        expectOneLine(r, "error: <stdin>: standard input holds more than 67108864 bytes")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func standardInputWithinTheLimitStillRenders() throws {
        let dir = try folder()
        let r = try CLIRunner.run(["render", "-", "-o", "out.png", "--backend", "cpu"], in: dir, stdin: "cat good.json")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to plant a link owned by another user"))
    func aLinkPlantedInAStickyFolderIsNotFollowed() throws {
        let dir = try folder()
        #expect(mkdir(dir + "/tmp", 0o777) == 0 && chmod(dir + "/tmp", 0o1777) == 0)
        #expect(FileManager.default.createFile(atPath: dir + "/secret", contents: Data("root only".utf8)))
        #expect(symlink(dir + "/secret", dir + "/tmp/out.png") == 0 && lchown(dir + "/tmp/out.png", 65534, 65534) == 0)
        let r = try CLIRunner.run(["render", "good.json", "-o", "tmp/out.png", "--backend", "cpu"], in: dir)
        expectOneLine(r, "error: cannot write tmp/out.png: the symbolic link \(dir)/tmp/out.png is in the sticky folder")
        #expect(FileManager.default.contents(atPath: dir + "/secret") == Data("root only".utf8))
        #expect(chmod(dir + "/secret", 0o600) == 0 && unlink(dir + "/tmp/out.png") == 0)
        let ok = try CLIRunner.run(["render", "good.json", "-o", "secret", "--format", "png", "--backend", "cpu"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        var info = stat()
        #expect(stat(dir + "/secret", &info) == 0 && info.st_mode & 0o777 == 0o600)
    }
}
