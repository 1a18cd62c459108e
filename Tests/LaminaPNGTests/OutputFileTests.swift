import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// The output rules: only a regular file or a new name is replaced, a symbolic link is followed, and
/// everything else is refused with a message in the user's words, leaving it untouched.
@Suite struct OutputFileTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func message(_ path: String) -> String? {
        do {
            try OutputFile.check(path)
            return nil
        } catch {
            #expect(error.kind == .badInput)
            return error.description
        }
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    func fileType(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    @Test func newNamesAndRegularFilesAreAccepted() throws {
        let dir = try folder()
        #expect(try OutputFile.check(dir + "/new.png") == dir + "/new.png")
        #expect(FileManager.default.createFile(atPath: dir + "/old.png", contents: Data([1])))
        #expect(try OutputFile.check(dir + "/old.png") == dir + "/old.png")
    }

    @Test func fifosFoldersAndLinksToThemAreRefused() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/pipe.png", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: dir + "/pipe.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/null.png", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.png", withDestinationPath: dir + "/nothing")
        #expect(message(dir + "/pipe.png") == "cannot write \(dir)/pipe.png: not a regular file (a FIFO)")
        #expect(message(dir + "/folder.png") == "cannot write \(dir)/folder.png: it is a directory, not a file")
        #expect(message(dir + "/link.png")
                == "cannot write \(dir)/link.png: a symbolic link to a FIFO (\(dir)/pipe.png), not a regular file")
        #expect(message(dir + "/null.png") == "cannot write \(dir)/null.png: a symbolic link to a character device (/dev/null), not a regular file")
        #expect(message(dir + "/dangling.png") == "cannot write \(dir)/dangling.png: a symbolic link to a missing file")
        #expect(message("/dev/null") == "cannot write /dev/null: not a regular file (a character device)")
        for name in ["pipe.png", "link.png", "null.png", "dangling.png"] {
            #expect(throws: PNGError.self) { try PNGEncoder.write(Bitmap(width: 1, height: 1), to: dir + "/" + name) }
        }
        #expect(isFIFO(dir + "/pipe.png"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/null.png") == "/dev/null")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir))
                == ["pipe.png", "folder.png", "link.png", "null.png", "dangling.png"], "no temporary files")
    }

    @Test func folderProblemsAreNamedInWords() throws {
        let dir = try folder()
        #expect(FileManager.default.createFile(atPath: dir + "/file", contents: Data()))
        #expect(message("/nonexistent/dir/out.png") == "cannot create a file in /nonexistent/dir: no such directory")
        #expect(message(dir + "/new/") == "cannot write \(dir)/new/: the path names a directory, not a file")
        #expect(message(dir + "/file/out.png") == "cannot write \(dir)/file/out.png: a part of the path is not a folder")
        #expect(throws: PNGError.self) { try OutputFile.checkDirectory(dir + "/file") }
        try OutputFile.checkDirectory(dir + "/new/deeper")
    }

    @Test func aSymbolicLinkIsFollowedAndStays() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: dir + "/real/target.png", contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real/target.png")
        try PNGEncoder.write(Bitmap(width: 3, height: 2), to: dir + "/link.png")
        #expect(fileType(dir + "/link.png") == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png") == "real/target.png")
        #expect(try PNGDecoder.decode(contentsOfFile: dir + "/real/target.png").width == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/real") == ["target.png"])
    }

    @Test func writeFailuresSpeakInWords() {
        let e = PNGError.writeFailed(path: "/x/out.png", call: "write", code: ENOSPC, reason: SystemErrorText.describe(ENOSPC))
        #expect(e.description == "cannot write /x/out.png: no space left on the device")
        let m = PNGError.writeFailed(path: "/x", call: "create", code: EACCES, reason: SystemErrorText.describe(EACCES))
        #expect(m.description == "cannot create a file in /x: permission denied")
    }
}
