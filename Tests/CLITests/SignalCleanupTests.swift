import Foundation
import Lamina
import LaminaPNG
import Testing

/// SIGTERM or SIGINT while `lamina render` writes its PNG removes the temporary file and ends the process
/// by that signal.
@Suite(.serialized) struct SignalCleanupTests {
    /// A folder with a 2048×2048 scene showing an image of noise, whose PNG takes long enough to write
    /// that the test can see the temporary file.
    static func noiseScene() throws -> String {
        let dir = try CLIRunner.temporaryDirectory()
        let side = 2048
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in stride(from: 0, to: pixels.count, by: 4) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            pixels[i] = UInt8(truncatingIfNeeded: state)
            pixels[i + 1] = UInt8(truncatingIfNeeded: state >> 8)
            pixels[i + 2] = UInt8(truncatingIfNeeded: state >> 16)
        }
        try PNGEncoder.write(Bitmap(width: side, height: side, pixels: pixels), to: dir + "/noise.png", compression: .fast)
        let scene = #"{"width": \#(side), "height": \#(side), "images": {"n": "noise.png"}, "#
            + #""root": {"frame": [0, 0, \#(side), \#(side)], "contents": "n"}}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: dir + "/scene.json"))
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: false)
        return dir
    }

    /// Starts `lamina ARGS` with SIGTERM and SIGINT unblocked and at their defaults (test threads may block
    /// them, and a child inherits its parent's mask); returns its process id.
    static func spawn(_ args: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([CLIRunner.binary] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, CLIRunner.binary, nil, &attributes, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        return pid
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalWhileWritingLeavesNoTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.noiseScene()
        let pid = try Self.spawn(["render", dir + "/scene.json", "-o", dir + "/out/out.png", "--backend", "cpu"])
        let deadline = Date().addingTimeInterval(120)
        var sawTemporary = false
        var status: Int32 = 0
        var exited = false
        while !exited && Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? []
            if names.contains(where: { $0.contains(".tmp-") }) {
                sawTemporary = true
                kill(pid, signal)
                break
            }
            exited = waitpid(pid, &status, WNOHANG) == pid
            usleep(200)
        }
        if !exited {
            if !sawTemporary { kill(pid, SIGKILL) }
            waitpid(pid, &status, 0)
        }
        #expect(sawTemporary, "the temporary file was never seen; the write was too quick to interrupt")
        #expect(status & 0x7f == signal, "ended by the signal itself (wait status \(status))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").isEmpty, "no temporary or partial file")
    }
}
