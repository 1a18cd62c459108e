import Foundation
import Lamina
import LaminaPNG

/// A real Weston compositor on the headless backend (pixman renderer, so screenshots work), with its own
/// runtime folder (mode 0700) and socket, stopped by its process id.
final class HeadlessWeston {
    let runtimeDirectory: URL
    let socketName = "lamina-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let log: URL
    let process = Process()

    /// The socket's absolute path (libwayland accepts it as a display name).
    var socketPath: String { runtimeDirectory.appending(path: socketName).path }

    /// - Parameters:
    ///   - shell: `desktop` (Weston's desktop shell; kiosk-shell on the headless backend here never
    ///     repainted after a client's first commit, so its frame callbacks never came).
    ///   - logProtocol: run with `WAYLAND_DEBUG=server`, so the log holds every request clients send.
    init(width: Int, height: Int, shell: String = "desktop", logProtocol: Bool = false) throws {
        runtimeDirectory = FileManager.default.temporaryDirectory.appending(path: "lamina-weston-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        log = runtimeDirectory.appending(path: "weston.log")
        let config = runtimeDirectory.appending(path: "weston.ini")
        try Data(Self.configuration.utf8).write(to: config)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socketName)", "--debug",
                             "--width=\(width)", "--height=\(height)", "--idle-time=0", "--shell=\(shell)-shell.so", "--config=\(config.path)"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "DISPLAY")
        if logProtocol { env["WAYLAND_DEBUG"] = "server" } else { env.removeValue(forKey: "WAYLAND_DEBUG") }
        process.environment = env
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw WestonFailure(message: "weston did not start: \(logText().suffix(2000))")
            }
            usleep(20_000)
        }
        usleep(300_000)
    }

    /// No window, startup, focus or close animations: a screenshot shows the final pixels at once.
    static let configuration = """
        [core]
        idle-time=0
        [shell]
        animation=none
        close-animation=none
        startup-animation=none
        focus-animation=none
        """

    deinit { stop() }

    /// Sends SIGTERM (or `signal`) to Weston by its pid and waits for it to end.
    func stop(signal: Int32 = SIGTERM) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// Everything Weston logged so far.
    func logText() -> String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// The environment a client process needs to reach this compositor.
    var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socketName]
    }

    /// A screenshot of the whole output taken with `weston-screenshooter`, premultiplied RGBA.
    func screenshot() throws -> Bitmap {
        let dir = runtimeDirectory.appending(path: "shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["20", "/usr/bin/weston-screenshooter"]
        var env = ProcessInfo.processInfo.environment
        env.merge(clientEnvironment) { $1 }
        p.environment = env
        p.currentDirectoryURL = dir
        try p.run()
        p.waitUntilExit()
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
        guard p.terminationStatus == 0, let file = files.first else {
            throw WestonFailure(message: "weston-screenshooter exited \(p.terminationStatus) and wrote \(files)")
        }
        return try PNGDecoder.decode(contentsOfFile: dir.appending(path: file).path)
    }
}

struct WestonFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
