import Foundation

/// The built `lamina` executable, found next to the test bundle, run as a user would.
enum LaminaBinary {
    static let path: String = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: dir.appending(path: "lamina").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appending(path: "lamina").path
    }()

    /// Runs `lamina ARGS` to completion; returns the exit status and standard error.
    @discardableResult
    static func run(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }
}
