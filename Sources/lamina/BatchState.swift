import Foundation

/// What the threads of a batch share: the next scene to take, the failures so far and the progress bar.
final class BatchState: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private let progress: ProgressBar
    /// Failure messages by input index.
    private(set) var failures: [Int: String] = [:]
    /// The first failure of the environment (no EGL display, say); no scene is taken after it.
    private(set) var environmentFailure: (any Error)?

    init(count: Int) {
        self.count = count
        progress = ProgressBar(total: count)
    }

    /// The index of the next scene to render, nil when all are taken or the environment failed.
    func take() -> Int? {
        lock.withLock {
            guard next < count, environmentFailure == nil else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func succeeded(_ label: String) {
        lock.withLock { progress.advance(label) }
    }

    func failed(_ index: Int, _ message: String, environment: (any Error)? = nil) {
        lock.withLock {
            failures[index] = message
            if let environment, environmentFailure == nil { environmentFailure = environment }
            progress.advance()
        }
    }

    func finish() {
        lock.withLock { progress.finish() }
    }
}
