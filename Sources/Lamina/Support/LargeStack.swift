import Foundation

/// Runs work on a thread with a large stack, for recursion over trees up to `Limits.maxDepth` deep.
public enum LargeStack {
    /// Stack size of the worker thread: 10 000 nested layers need far more than the default 8 MiB.
    public static let stackSize = 1 << 30

    /// Runs `body` on a fresh thread with `stackSize` bytes of stack and waits for its result.
    public static func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let box = ResultBox<T>(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try box.body() }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        // Wait for the thread to exit too, so nothing it holds outlives the call (leak checkers see this).
        while !thread.isFinished { usleep(20) }
        return try box.result!.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
    }
}
