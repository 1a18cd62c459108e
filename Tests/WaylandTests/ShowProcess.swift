import Foundation

/// `lamina show …` running in the background against a test compositor, its output in files.
final class ShowProcess {
    let process = Process()
    let stdout: URL
    let stderr: URL

    /// The built `lamina` executable next to the test bundle.
    static let binary: String = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: dir.appending(path: "lamina").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appending(path: "lamina").path
    }()

    init(_ args: [String], environment: [String: String], in directory: URL) throws {
        stdout = directory.appending(path: "show-\(UUID().uuidString).out")
        stderr = directory.appending(path: "show-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "WAYLAND_DEBUG")
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
    }

    deinit { stop() }

    var errorText: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
    var outputText: String { (try? String(contentsOf: stdout, encoding: .utf8)) ?? "" }

    /// Waits until standard error contains `text` (e.g. a `WAYLAND_DEBUG` event); false after `seconds`
    /// or when the process ended first.
    func waitFor(_ text: String, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if errorText.contains(text) { return true }
            if !process.isRunning { return errorText.contains(text) }
            usleep(50_000)
        }
        return false
    }

    /// Waits for the process to end; its exit status, or nil when it is still running after `seconds`.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Ends the process by its pid if it still runs.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
