import Foundation
import Lamina

/// Writes a finished result to standard output (`-o -`): all of it, retrying short writes.
enum StandardOutput {
    /// Writes `bytes` to file descriptor 1; a failed write (a closed pipe, a full disk) is an environment error.
    static func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RenderError(.environment, "cannot write the image to standard output: \(SystemErrorText.describe(errno))")
            }
            written += n
        }
    }
}
