import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `lamina serve --port 0 …` running as its own process; the port is read from its first line of output.
final class ServeProcess {
    let process = Process()
    let port: Int
    let log: URL

    /// `addressSpace`: a limit on the process's address space in bytes (`prlimit --as`, as `ulimit -v`).
    init(_ args: [String], addressSpace: Int? = nil) throws {
        log = FileManager.default.temporaryDirectory.appending(path: "lamina-serve-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let serve = ["serve", "--port", "0"] + args
        if let addressSpace {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--as=\(addressSpace)", "--", LaminaBinary.path] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: LaminaBinary.path)
            process.arguments = serve
        }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        var line = ""
        while !line.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = line.range(of: #":(\d+) "#, options: .regularExpression),
              let port = Int(line[range].dropFirst().dropLast()) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "lamina serve printed \(line)"])
        }
        self.port = port
    }

    /// Sends SIGTERM.
    func terminate() { kill(process.processIdentifier, SIGTERM) }

    /// Waits for the exit and returns the status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Whether a new TCP connection to the port is accepted now.
    func acceptsConnections() -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
