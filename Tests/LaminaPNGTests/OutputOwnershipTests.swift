import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// A replaced file keeps its mode and owner, and a symbolic link planted by another user in a sticky
/// world-writable folder is not followed (the kernel's `protected_symlinks` rule, whatever the sysctl says).
@Suite struct OutputOwnershipTests {
    static let isRoot = geteuid() == 0
    static let nobody: uid_t = 65534

    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-own-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A `/tmp`-like folder (mode 1777) inside a fresh temporary folder, owned by `owner`.
    func stickyFolder(owner: uid_t = 0) throws -> String {
        let sticky = try folder() + "/tmp"
        #expect(mkdir(sticky, 0o777) == 0)
        #expect(chmod(sticky, 0o1777) == 0)
        #expect(chown(sticky, owner, 0) == 0)
        return sticky
    }

    func status(_ path: String) -> stat {
        var info = stat()
        #expect(lstat(path, &info) == 0)
        return info
    }

    func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    @Test func aPrivateFileStaysPrivate() throws {
        let dir = try folder()
        #expect(FileManager.default.createFile(atPath: dir + "/out.png", contents: Data("old".utf8)))
        #expect(chmod(dir + "/out.png", 0o600) == 0)
        try PNGEncoder.write(Bitmap(width: 2, height: 2), to: dir + "/out.png")
        #expect(status(dir + "/out.png").st_mode & 0o7777 == 0o600)
        #expect(try PNGDecoder.decode(contentsOfFile: dir + "/out.png").width == 2)
        #expect(chmod(dir + "/out.png", 0o640) == 0)
        try PNGEncoder.write(Bitmap(width: 3, height: 2), to: dir + "/out.png")
        #expect(status(dir + "/out.png").st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.png"])
    }

    @Test func aNewFileGetsTheUsualMode() throws {
        let dir = try folder()
        let line = contents("/proc/self/status").split(separator: "\n").first { $0.hasPrefix("Umask:") }
        let mask = try #require(line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) })
        try PNGEncoder.write(Bitmap(width: 2, height: 2), to: dir + "/new.png")
        #expect(status(dir + "/new.png").st_mode & 0o7777 == 0o666 & ~mask)
    }

    @Test(.enabled(if: isRoot, "needs root to give files to another user"))
    func rootKeepsTheReplacedFilesOwner() throws {
        let dir = try folder()
        #expect(FileManager.default.createFile(atPath: dir + "/out.png", contents: Data("old".utf8)))
        #expect(chown(dir + "/out.png", Self.nobody, Self.nobody) == 0)
        #expect(chmod(dir + "/out.png", 0o600) == 0)
        try PNGEncoder.write(Bitmap(width: 2, height: 2), to: dir + "/out.png")
        let info = status(dir + "/out.png")
        #expect(info.st_uid == Self.nobody && info.st_gid == Self.nobody)
        #expect(info.st_mode & 0o7777 == 0o600)
    }

    @Test(.enabled(if: isRoot, "needs root to plant a link owned by another user"))
    func aLinkPlantedByAnotherUserInAStickyFolderIsRefused() throws {
        let sticky = try stickyFolder()
        let secret = OutputFile.folder(of: sticky) + "/secret"
        #expect(FileManager.default.createFile(atPath: secret, contents: Data("root only".utf8)))
        #expect(chmod(secret, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: sticky + "/out.png", withDestinationPath: secret)
        #expect(lchown(sticky + "/out.png", Self.nobody, Self.nobody) == 0)
        let expected = "cannot write \(sticky)/out.png: the symbolic link \(sticky)/out.png is in the sticky folder "
            + "\(sticky) and owned by uid 65534, neither you nor the folder's owner; it is not followed"
        #expect(throws: PNGError.badOutput(path: sticky + "/out.png", message: expected)) {
            try PNGEncoder.write(Bitmap(width: 2, height: 2), to: sticky + "/out.png")
        }
        #expect(contents(secret) == "root only")
        #expect(status(sticky + "/out.png").st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sticky) == ["out.png"])
        let viaFolderLink = OutputFile.folder(of: sticky) + "/via"
        try FileManager.default.createDirectory(atPath: viaFolderLink, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: sticky + "/dir", withDestinationPath: viaFolderLink)
        #expect(lchown(sticky + "/dir", Self.nobody, Self.nobody) == 0)
        #expect(throws: PNGError.self) { try OutputFile.check(sticky + "/dir/new.png") }
        #expect(!FileManager.default.fileExists(atPath: viaFolderLink + "/new.png"))
    }

    @Test(.enabled(if: isRoot, "needs root to make folders owned by another user"))
    func linksOfTheCallerOrTheFoldersOwnerAreFollowed() throws {
        let sticky = try stickyFolder()
        let target = OutputFile.folder(of: sticky) + "/mine.png"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: sticky + "/out.png", withDestinationPath: target)
        try PNGEncoder.write(Bitmap(width: 2, height: 2), to: sticky + "/out.png")
        #expect(try PNGDecoder.decode(contentsOfFile: target).width == 2)
        #expect(status(sticky + "/out.png").st_mode & S_IFMT == S_IFLNK)

        let theirs = try stickyFolder(owner: Self.nobody)
        let other = OutputFile.folder(of: theirs) + "/theirs.png"
        #expect(FileManager.default.createFile(atPath: other, contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: theirs + "/out.png", withDestinationPath: other)
        #expect(lchown(theirs + "/out.png", Self.nobody, Self.nobody) == 0)
        try PNGEncoder.write(Bitmap(width: 3, height: 2), to: theirs + "/out.png")
        #expect(try PNGDecoder.decode(contentsOfFile: other).width == 3)
    }

    @Test func theRuleIsTheKernels() {
        let sticky: mode_t = S_IFDIR | 0o1777
        #expect(ProtectedLinkResolver.mayFollow(linkOwner: 5, folderMode: sticky, folderOwner: 0, caller: 5))
        #expect(ProtectedLinkResolver.mayFollow(linkOwner: 0, folderMode: sticky, folderOwner: 0, caller: 5))
        #expect(!ProtectedLinkResolver.mayFollow(linkOwner: 7, folderMode: sticky, folderOwner: 0, caller: 5))
        #expect(ProtectedLinkResolver.mayFollow(linkOwner: 7, folderMode: S_IFDIR | 0o777, folderOwner: 0, caller: 5))
        #expect(ProtectedLinkResolver.mayFollow(linkOwner: 7, folderMode: S_IFDIR | 0o1755, folderOwner: 0, caller: 5))
    }
}
