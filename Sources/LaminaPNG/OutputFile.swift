#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Lamina

/// The rules for paths that Lamina writes, checked before anything is rendered.
///
/// An output path must name a regular file or nothing yet, in a folder that exists and is writable.
/// A symbolic link is followed: the file it points to is replaced and the link stays — unless the link lies
/// in a sticky world-writable folder and is owned by neither the caller nor the folder's owner. Anything else —
/// a folder, a device such as `/dev/null`, a FIFO, a socket, a link to one of those or to nothing — is
/// refused, so the atomic rename never replaces something that is not a file.
public enum OutputFile {
    /// Checks that `path` may be written and returns the canonical path of the file that will be replaced:
    /// `path` itself, or the file a symbolic link at `path` points to. A link in a sticky world-writable folder
    /// owned by neither the caller nor the folder's owner is refused (`ProtectedLinkResolver`).
    @discardableResult
    public static func check(_ path: String) throws(PNGError) -> String {
        guard !path.isEmpty else { throw .badOutput(path: path, message: "the output path is empty") }
        guard !path.hasSuffix("/") else { throw refused(path, "the path names a directory, not a file") }
        let resolved = try ProtectedLinkResolver.resolve(path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT else { throw refused(path, SystemErrorText.describe(code)) }
            try checkFolder(containing: path)
            guard let resolved else { throw refused(path, "a part of the path is not a folder") }
            return resolved
        }
        guard let target = resolved else {
            let isLink = info.st_mode & S_IFMT == S_IFLNK
            throw refused(path, isLink ? "a symbolic link to a missing file" : "a part of the path is not a folder")
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(target, &info) == 0 else {
                let code = errno
                throw refused(path, code == ENOENT ? "a symbolic link to a missing file" : SystemErrorText.describe(code))
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw refused(path, "a symbolic link to \(SystemErrorText.fileKind(info.st_mode)) (\(target)), not a regular file")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refused(path, "it is a directory, not a file")
        default: throw refused(path, "not a regular file (\(SystemErrorText.fileKind(info.st_mode)))")
        }
        try checkFolder(containing: target)
        return target
    }

    /// Checks a folder that files will be written into (and that is created when missing): the folder, or
    /// else its nearest existing ancestor, is a writable directory.
    public static func checkDirectory(_ path: String) throws(PNGError) {
        var dir = path.isEmpty ? "." : path
        var info = stat()
        while stat(dir, &info) != 0 {
            let code = errno
            guard code == ENOENT || code == ENOTDIR, dir != "/", dir != "." else {
                throw .badOutput(path: path, message: "cannot use the folder \(path): \(SystemErrorText.describe(code))")
            }
            dir = folder(of: dir.hasSuffix("/") ? String(dir.dropLast()) : dir)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .badOutput(path: path, message: "cannot write into \(path): \(dir) is \(SystemErrorText.fileKind(info.st_mode)), not a directory")
        }
        guard access(dir, W_OK | X_OK) == 0 else {
            throw .badOutput(path: path, message: "cannot create a file in \(dir): \(SystemErrorText.describe(errno))")
        }
    }

    /// The folder part of `path` ("." when it has none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func checkFolder(containing path: String) throws(PNGError) {
        let dir = folder(of: path)
        var info = stat()
        guard stat(dir, &info) == 0 else {
            let code = errno
            let reason = code == ENOENT ? "no such directory" : SystemErrorText.describe(code)
            throw .badOutput(path: path, message: "cannot create a file in \(dir): \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .badOutput(path: path, message: "cannot create a file in \(dir): it is not a directory")
        }
        guard access(dir, W_OK | X_OK) == 0 else {
            throw .badOutput(path: path, message: "cannot create a file in \(dir): \(SystemErrorText.describe(errno))")
        }
    }

    private static func refused(_ path: String, _ reason: String) -> PNGError {
        .badOutput(path: path, message: "cannot write \(path): \(reason)")
    }
}
