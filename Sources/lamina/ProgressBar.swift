import Foundation

/// A one-line progress bar on stderr, shown only when stderr is a terminal.
final class ProgressBar {
    private let total: Int
    private var done = 0
    private let enabled: Bool

    init(total: Int, enabled: Bool = true) {
        self.total = max(total, 1)
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
    }

    func advance(_ label: String = "") {
        done += 1
        guard enabled else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) \(label)\u{1B}[K".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
