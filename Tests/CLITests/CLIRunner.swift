import Foundation

/// Runs the built `lamina` binary as a user would, with a memory ceiling and a time limit.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    /// The `lamina` executable next to the test bundle in the build folder.
    static let binary: String = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: dir.appending(path: "lamina").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appending(path: "lamina").path
    }()

    /// Runs `lamina ARGS` in `directory` under `ulimit -v` (KiB) and a wall-clock timeout (s); `stdin` is
    /// a shell command whose output is piped to lamina's standard input.
    static func run(_ args: [String], in directory: String, memoryKiB: Int = 4_000_000, timeout: Int = 60,
                    environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let quoted = ([binary] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        let pipe = stdin.map { "\($0) | " } ?? ""
        p.arguments = ["-c", "ulimit -v \(memoryKiB); \(pipe)exec timeout \(timeout) \(quoted)"]
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let start = Date()
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self), seconds: Date().timeIntervalSince(start))
    }

    static func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appending(path: "lamina-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }
}
