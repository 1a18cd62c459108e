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
/// The path is checked by `OutputFile.check` first (a symbolic link is followed unless the kernel's
/// `protected_symlinks` rule forbids it; only a regular file or a new name is replaced). From then on nothing
/// is looked up by path: the resolved folder is opened one component at a time with `O_NOFOLLOW`, the
/// temporary file is created in it with `openat` (`O_EXCL | O_NOFOLLOW`) and renamed over the target with
/// `renameat`, so a link planted after the check is never followed. A replaced file keeps its permission
/// bits, its group when the caller may set it, and its owner when the caller is root. While the temporary
/// file exists it is registered so that SIGTERM, SIGINT or SIGHUP remove it before the process ends.
public enum AtomicFileWriter {
    /// Writes `bytes` to `path` (or to the file a symbolic link at `path` points to).
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        let target = try OutputFile.check(path)
        let folder = OutputFile.folder(of: target)
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        let dir = try openFolder(folder, path: path)
        defer { close(dir) }
        let replaced = try existingFile(name, in: dir, path: path)
        lamina_temp_cleanup_install()
        let (fd, temp, slot) = try createTemporary("." + name + ".tmp-", in: dir, folder: folder, mode: replaced == nil ? 0o666 : 0o600)
        var done = false
        defer {
            if !done { unlinkat(dir, temp, 0) }
            lamina_temp_cleanup_release(slot)
        }
        do throws(PNGError) {
            if let replaced { try keepOwnerAndMode(of: replaced, on: fd, path: path) }
            try writeAll(bytes, to: fd, path: path)
            if fsync(fd) != 0 { throw failure(path, "fsync") }
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw failure(path, "close") }
        _ = try existingFile(name, in: dir, path: path)
        if renameat(dir, temp, dir, name) != 0 { throw failure(path, "rename") }
        done = true
    }

    /// Linux's `O_PATH` (not exported by Glibc's Swift module): a descriptor that only names a folder, so
    /// a folder that may be searched but not read can be opened.
    private static let pathOnly: Int32 = 0o10000000

    /// Opens `folder` (a canonical path) from the root one component at a time, never following a link.
    private static func openFolder(_ folder: String, path: String) throws(PNGError) -> Int32 {
        let flags = pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var fd = open("/", flags)
        guard fd >= 0 else { throw failure(path, "open") }
        for component in folder.split(separator: "/") {
            let next = openat(fd, String(component), flags)
            let code = errno
            close(fd)
            guard next >= 0 else {
                if code == ELOOP || code == ENOTDIR {
                    throw .badOutput(path: path, message: "cannot write \(path): the folder \(folder) changed while it was written")
                }
                errno = code
                throw failure(folder, "create")
            }
            fd = next
        }
        return fd
    }

    /// The status of the file named `name` in `dir`, nil when there is none; anything but a regular file
    /// (a link or folder put there after the check) is refused.
    private static func existingFile(_ name: String, in dir: Int32, path: String) throws(PNGError) -> stat? {
        var info = stat()
        guard fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "stat")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .badOutput(path: path, message: "cannot write \(path): it changed while it was written "
                             + "(now \(SystemErrorText.fileKind(info.st_mode)))")
        }
        return info
    }

    /// Gives the new file the replaced file's permission bits (without set-user/group-ID), its group when
    /// allowed, and its owner when running as root.
    private static func keepOwnerAndMode(of replaced: stat, on fd: Int32, path: String) throws(PNGError) {
        if geteuid() == 0 {
            if fchown(fd, replaced.st_uid, replaced.st_gid) != 0 { throw failure(path, "chown") }
        } else if replaced.st_gid != getegid() {
            _ = fchown(fd, uid_t.max, replaced.st_gid)
        }
        if fchmod(fd, replaced.st_mode & 0o1777) != 0 { throw failure(path, "chmod") }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(PNGError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, "write")
            }
            written += n
        }
    }

    /// Creates `prefix` + six random characters in `dir`, registered for removal on a signal before it
    /// exists, so no moment leaves an unregistered file behind. Returns the descriptor and the name.
    private static func createTemporary(_ prefix: String, in dir: Int32, folder: String,
                                        mode: mode_t) throws(PNGError) -> (Int32, String, Int32) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let temp = prefix + String((0..<6).map { _ in letters.randomElement()! })
            let slot = lamina_temp_cleanup_register(folder == "/" ? "/" + temp : folder + "/" + temp)
            let fd = openat(dir, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, temp, slot) }
            let code = errno
            lamina_temp_cleanup_release(slot)
            guard code == EEXIST else {
                errno = code
                throw failure(folder, "create")
            }
        }
        throw failure(folder, "create")
    }

    private static func failure(_ path: String, _ call: String) -> PNGError {
        let code = errno
        return .writeFailed(path: path, call: call, code: code, reason: SystemErrorText.describe(code))
    }
}
