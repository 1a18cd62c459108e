#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTempCleanup
import Lamina

/// Writes a file by way of a temporary file in the same folder and `rename(2)`, so readers never see
/// a partial file and a failure leaves nothing behind.
///
/// The path is checked by `OutputFile.check` first (a symbolic link is followed; only a regular file or a
/// new name is replaced). While the temporary file exists it is registered so that SIGTERM, SIGINT or
/// SIGHUP remove it before the process ends.
public enum AtomicFileWriter {
    /// Writes `bytes` to `path` (or to the file a symbolic link at `path` points to).
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let target = try OutputFile.check(path)
        let folder = OutputFile.folder(of: target)
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        lamina_temp_cleanup_install()
        let (fd, temp, slot) = try createTemporary(folder + "/." + name + ".tmp-")
        var done = false
        defer {
            if !done { unlink(temp) }
            lamina_temp_cleanup_release(slot)
        }
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
        try OutputFile.check(path)
        if rename(temp, target) != 0 { throw failure(path, "rename") }
        done = true
    }

    /// Creates `prefix` + six random characters, registered for removal on a signal before it exists, so
    /// no moment leaves an unregistered file behind.
    private static func createTemporary(_ prefix: String) throws(PNGError) -> (Int32, String, Int32) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let temp = prefix + String((0..<6).map { _ in letters.randomElement()! })
            let slot = lamina_temp_cleanup_register(temp)
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, temp, slot) }
            let code = errno
            lamina_temp_cleanup_release(slot)
            guard code == EEXIST else {
                errno = code
                throw failure(OutputFile.folder(of: prefix), "create")
            }
        }
        throw failure(OutputFile.folder(of: prefix), "create")
    }

    private static func failure(_ path: String, _ call: String) -> PNGError {
        let code = errno
        return .writeFailed(path: path, call: call, code: code, reason: SystemErrorText.describe(code))
    }
}
