#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Explains system error numbers and file types in a user's words, for one-line error messages.
public enum SystemErrorText {
    /// What `errno` value `code` means for a file operation ("no such file", "permission denied").
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "it is a folder, not a file"
        case ELOOP: return "too many levels of symbolic links"
        case ENAMETOOLONG: return "the name is too long"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is exceeded"
        case EROFS: return "the file system is read-only"
        case EIO: return "an input/output error"
        case EMFILE, ENFILE: return "too many open files"
        case EFBIG: return "the file is too large"
        case EXDEV: return "it is on another file system"
        default: return String(cString: strerror(code)).lowercased()
        }
    }

    /// The kind of file a `stat` mode names, with its article ("a FIFO", "a directory").
    public static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }
}
