import Foundation
import Lamina
import LaminaPNG

/// A real sway (wlroots) compositor on the headless backend, with the pixman renderer, a private runtime
/// folder and socket, run as uid/gid 65534 when this process is root (sway refuses to run as root), stopped
/// by its process id. It offers `wl_seat` with `zwlr_virtual_pointer_manager_v1` and
/// `zwp_virtual_keyboard_manager_v1`, so a test client can inject real pointer and key events.
final class HeadlessSway {
    static let executable = "/usr/bin/sway"
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: executable) }
    static var grimInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/grim") }

    let runtimeDirectory: URL
    let log: URL
    /// Sway's process id (setpriv and env exec into it).
    private(set) var pid: pid_t = 0

    /// The socket's absolute path (libwayland accepts it as a display name).
    var socketPath: String { runtimeDirectory.appending(path: "wayland-1").path }

    init(width: Int, height: Int) throws {
        runtimeDirectory = URL(fileURLWithPath: "/tmp").appending(path: "lamina-sway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let config = runtimeDirectory.appending(path: "config")
        try Data("""
            xwayland disable
            default_border none
            default_floating_border none
            output HEADLESS-1 resolution \(width)x\(height) position 0 0 scale 1
            """.utf8).write(to: config)
        log = runtimeDirectory.appending(path: "sway.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let asRoot = getuid() == 0
        if asRoot {
            for path in [runtimeDirectory.path, config.path, log.path] { chown(path, 65534, 65534) }
        }
        let env = ["XDG_RUNTIME_DIR=\(runtimeDirectory.path)", "HOME=\(runtimeDirectory.path)", "WLR_BACKENDS=headless",
                   "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "PATH=/usr/bin:/bin"]
        let command = [Self.executable, "-c", config.path]
        let argv = asRoot
            ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "-i"] + env + command
            : ["/usr/bin/env", "-i"] + env + command
        pid = try Self.spawn(argv, output: log.path)
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard isRunning, Date() < deadline else {
                stop()
                throw SwayFailure(message: "sway did not start: \(logText().suffix(2000))")
            }
            usleep(20_000)
        }
        usleep(200_000)
    }

    deinit { stop() }

    /// Sends SIGTERM to sway by its pid and waits for it to end (SIGKILL after 5 s).
    func stop() {
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(5)
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline { kill(pid, SIGKILL) }
                usleep(20_000)
            }
            pid = 0
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    private var isRunning: Bool {
        var status: Int32 = 0
        return pid > 0 && waitpid(pid, &status, WNOHANG) == 0
    }

    /// Starts `argv` with no blocked signals (a child of Foundation's `Process` inherits a mask that
    /// blocks SIGTERM, which sway then never sees) and its output appended to `output`.
    static func spawn(_ argv: [String], output: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_APPEND, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
        guard rc == 0 else { throw SwayFailure(message: "cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// The output's pixels now, captured with `grim` (wlr-screencopy).
    func screenshot() throws -> Bitmap {
        let file = runtimeDirectory.appending(path: "shot-\(UUID().uuidString).png")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["20", "/usr/bin/grim", "-t", "png", file.path]
        p.environment = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socketPath, "PATH": "/usr/bin:/bin"]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw SwayFailure(message: "grim exited \(p.terminationStatus)") }
        defer { try? FileManager.default.removeItem(at: file) }
        return try PNGDecoder.decode(contentsOfFile: file.path)
    }

    func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
}

struct SwayFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
