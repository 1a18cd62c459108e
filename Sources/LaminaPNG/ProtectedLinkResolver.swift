#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Lamina

/// Resolves an output path to the canonical path of the file it names, one component at a time, following
/// symbolic links by the kernel's `protected_symlinks` rule whatever the system's setting: a link in a sticky,
/// world-writable folder (such as `/tmp`) is followed only when its owner is the caller or the folder's owner.
/// Anyone may plant a link in such a folder, and following it would let them choose the file that is replaced.
enum ProtectedLinkResolver {
    /// The most links followed before giving up, as Linux does (`ELOOP`).
    static let maxLinks = 40

    /// The canonical path `path` names (its last component may not exist yet), or nil when a folder on the
    /// way is missing or not a folder (the caller reports those in its own words).
    static func resolve(_ path: String) throws(PNGError) -> String? {
        var pending = Array(path.split(separator: "/", omittingEmptySubsequences: true).reversed())
        var resolved: [Substring] = []
        if !path.hasPrefix("/") {
            guard let cwd = getcwd(nil, 0) else { return nil }
            resolved = String(cString: cwd).split(separator: "/")
            free(cwd)
        }
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." { _ = resolved.popLast(); continue }
            let folder = "/" + resolved.joined(separator: "/")
            let candidate = folder == "/" ? "/" + component : folder + "/" + component
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                let last = pending.allSatisfy { $0 == "." }
                return errno == ENOENT && last ? candidate : nil
            }
            if info.st_mode & S_IFMT == S_IFLNK {
                try checkProtected(link: candidate, owner: info.st_uid, folder: folder, path: path)
                links += 1
                guard links <= maxLinks else { throw refused(path, SystemErrorText.describe(ELOOP)) }
                guard let target = readLink(candidate) else { throw refused(path, SystemErrorText.describe(errno)) }
                if target.hasPrefix("/") { resolved = [] }
                pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
                continue
            }
            if info.st_mode & S_IFMT != S_IFDIR && pending.contains(where: { $0 != "." }) { return nil }
            resolved.append(component)
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// Whether a link owned by `owner` in `folder` may be followed: anywhere outside a sticky world-writable
    /// folder; inside one only when the caller or the folder's owner owns the link.
    static func mayFollow(linkOwner owner: uid_t, folderMode: mode_t, folderOwner: uid_t, caller: uid_t) -> Bool {
        let sticky = folderMode & S_ISVTX != 0 && folderMode & S_IWOTH != 0
        return !sticky || owner == caller || owner == folderOwner
    }

    private static func checkProtected(link: String, owner: uid_t, folder: String, path: String) throws(PNGError) {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw refused(path, SystemErrorText.describe(errno)) }
        guard mayFollow(linkOwner: owner, folderMode: info.st_mode, folderOwner: info.st_uid, caller: geteuid()) else {
            throw refused(path, "the symbolic link \(link) is in the sticky folder \(folder) and owned by uid \(owner), "
                          + "neither you nor the folder's owner; it is not followed")
        }
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func refused(_ path: String, _ reason: String) -> PNGError {
        .badOutput(path: path, message: "cannot write \(path): \(reason)")
    }
}
