import Foundation
import Testing
@testable import Lamina

/// `InputFile`: only regular files are read, a FIFO never blocks, and nothing is read past the limit.
@Suite struct InputFileTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `body` on its own thread and returns its result, or nil when it did not finish within `seconds`
    /// (a read that blocks then fails the test instead of hanging it).
    func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Thread { box.value = body(); done.signal() }.start()
        return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    final class Box<T>: @unchecked Sendable { var value: T? }

    @Test func readsARegularFile() throws {
        let dir = try folder()
        try Data("hello".utf8).write(to: URL(fileURLWithPath: dir + "/a.txt"))
        #expect(try InputFile.read(dir + "/a.txt", limit: 5) == Array("hello".utf8))
        #expect(throws: InputFile.Failure.tooLarge(size: 5)) { try InputFile.read(dir + "/a.txt", limit: 4) }
    }

    @Test func refusesAFIFOWithoutBlocking() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/pipe", 0o644) == 0)
        let result = finishes(within: 10) { () -> InputFile.Failure? in
            do { _ = try InputFile.read(dir + "/pipe", limit: 100); return nil } catch { return error as? InputFile.Failure }
        }
        #expect(result == .some(.notRegular(kind: "a FIFO")))
        #expect(InputFile.Failure.notRegular(kind: "a FIFO").description == "not a regular file (a FIFO)")
    }

    @Test func refusesFoldersDevicesAndMissingFiles() throws {
        let dir = try folder()
        #expect(throws: InputFile.Failure.notRegular(kind: "a directory")) { try InputFile.read(dir, limit: 100) }
        #expect(throws: InputFile.Failure.notRegular(kind: "a character device")) { try InputFile.read("/dev/zero", limit: 100) }
        #expect(throws: InputFile.Failure.unreadable(reason: "no such file")) { try InputFile.read(dir + "/none", limit: 100) }
    }

    @Test func descriptorReadsStopAfterTheLimit() throws {
        let fd = open("/dev/zero", O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let result = finishes(within: 10) { () -> InputFile.Failure? in
            do { _ = try InputFile.read(descriptor: fd, limit: 1_000_000); return nil } catch { return error as? InputFile.Failure }
        }
        #expect(result == .some(.tooLarge(size: 1_000_001)))
    }

    @Test func sceneFileThatIsAFIFOIsRefused() throws {
        let dir = try folder()
        #expect(mkfifo(dir + "/scene.json", 0o644) == 0)
        let line = finishes(within: 10) { () -> String in
            do { _ = try SceneDecoder().decode(contentsOfFile: dir + "/scene.json"); return "decoded" } catch { return "\(error)" }
        }
        #expect(line == "\(dir)/scene.json: not a regular file (a FIFO); scenes are read from files or '-'")
    }

    @Test func imageSourceThatIsAFIFOIsRefused() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/assets/x.png", 0o644) == 0)
        let json = sceneWithRoot(#""contents": "x""#, top: #""images": {"x": "assets/x.png"},"#)
        let line = finishes(within: 10) { () -> String in
            do {
                _ = try SceneDecoder(imageDecoder: { _, _ in Bitmap(width: 1, height: 1) }).decode(json, fileName: "s.json", baseDirectory: dir)
                return "decoded"
            } catch { return "\(error)" }
        }
        #expect(line == #"s.json: images.x: cannot read "assets/x.png": not a regular file (a FIFO)"#)
    }

    @Test func imageSourceNamingTheSceneFolderIsNotCalledASymbolicLink() throws {
        let dir = try folder()
        let json = sceneWithRoot(#""contents": "x""#, top: #""images": {"x": "assets/.."},"#)
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        do {
            _ = try SceneDecoder(imageDecoder: { _, _ in Bitmap(width: 1, height: 1) }).decode(json, fileName: "s.json", baseDirectory: dir)
            Issue.record("decoded")
        } catch {
            #expect(error.description == #"s.json: images.x: cannot read "assets/..": it is the scene's folder, not a file"#)
        }
    }
}
