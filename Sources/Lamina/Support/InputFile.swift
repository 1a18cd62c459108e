#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files named by user input (scene files, image sources, PNGs to compare) without ever blocking
/// on them: the file is opened non-blocking, only a regular file is read, and never past a size limit.
public enum InputFile {
    /// Why a file could not be read.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// `open` or `read` failed; `reason` is the error in words ("no such file").
        case unreadable(reason: String)
        /// The path names something other than a regular file; `kind` is e.g. "a FIFO".
        case notRegular(kind: String)
        /// The file holds more than the limit; `size` is its size when known (else the bytes seen).
        case tooLarge(size: Int)

        public var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .notRegular(let kind):
                return kind == "a directory" ? "it is a folder, not a file" : "not a regular file (\(kind))"
            case .tooLarge(let size): return "the file is \(size) bytes, more than allowed"
            }
        }
    }

    /// The whole file at `path`, when it is a regular file of at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(reason: SystemErrorText.describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(reason: SystemErrorText.describe(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: SystemErrorText.fileKind(info.st_mode)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size)) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return try read(descriptor: fd, limit: limit, expected: Int(info.st_size))
    }

    /// Reads an open descriptor (a pipe, standard input) to its end, stopping after `limit` + 1 bytes:
    /// more than `limit` bytes throws `tooLarge` without reading the rest.
    public static func read(descriptor fd: Int32, limit: Int, expected: Int = 0) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(expected + 1, 65_536), limit + 1))
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - count)) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: "read failed (\(SystemErrorText.describe(errno)))")
            }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw .tooLarge(size: max(expected, count)) }
        bytes.removeSubrange(count...)
        return bytes
    }
}
