#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file by way of a temporary file in the same folder and `rename(2)`, so readers never see
/// a partial file and a failure leaves nothing behind.
enum AtomicFileWriter {
    static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "mkstemp") }
        let temp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temp) }
        }
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = failure(path, "write")
                close(fd)
                throw e
            }
            written += n
        }
        if fsync(fd) != 0 { let e = failure(path, "fsync"); close(fd); throw e }
        if close(fd) != 0 { throw failure(path, "close") }
        if rename(temp, path) != 0 { throw failure(path, "rename") }
        done = true
    }

    private static func failure(_ path: String, _ call: String) -> PNGError {
        let code = errno
        return .writeFailed(path: path, call: call, code: code, reason: String(cString: strerror(code)))
    }
}
