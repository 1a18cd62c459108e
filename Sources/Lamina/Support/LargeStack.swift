import Foundation

/// Runs work on a thread with a large stack, for recursion over trees up to `Limits.maxDepth` deep.
public enum LargeStack {
    /// Stack size of the worker thread: 10 000 nested layers need far more than the default 8 MiB.
    public static let stackSize = 1 << 30
    /// Stack one level of a layer tree may take in the recursive walks (sampling, damage, planning: a
    /// level is a few frames, more under a mask, a group, a rasterized layer and a content-shaped shadow
    /// at once). A debug build was measured at 8–16 KiB a level (`LargeStackTests`); four times that.
    static let bytesPerLevel = 64 << 10
    /// Stack kept free below the walk for what it calls (allocation, hashing, the runtime).
    static let reserve = 256 << 10

    /// Runs `body` on a fresh thread with `stackSize` bytes of stack and waits for its result.
    public static func run<T>(_ body: @escaping () throws -> T) throws -> T {
        try run(stack: stackSize, body)
    }

    /// The smallest stack a thread started here gets.
    static let minimumThreadStack = 16 << 20

    /// Runs `body` on a fresh thread with `stack` bytes of stack and waits for its result.
    private static func run<T>(stack: Int, _ body: @escaping () throws -> T) throws -> T {
        let box = ResultBox<T>(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try box.body() }
            done.signal()
        }
        thread.stackSize = stack
        thread.start()
        done.wait()
        // Wait for the thread to exit too, so nothing it holds outlives the call (leak checkers see this).
        while !thread.isFinished { usleep(20) }
        return try box.result!.get()
    }

    /// Runs `body`, a walk of a tree `levels` deep, on the calling thread when what is left of its stack
    /// holds `levels × bytesPerLevel` and `reserve`, else on a fresh thread whose stack holds that (at most
    /// `stackSize`): a process under an address-space limit (`ulimit -v`) does not reserve a gigabyte of
    /// stack for a shallow tree. Starting a thread has a cost that a shallow tree's frame need not pay.
    public static func run<T>(levels: Int, _ body: @escaping () throws -> T) throws -> T {
        let needed = max(0, levels).multipliedReportingOverflow(by: bytesPerLevel)
        if !needed.overflow, needed.partialValue <= remainingStack() - reserve { return try body() }
        let stack = needed.overflow ? stackSize : min(stackSize, max(minimumThreadStack, needed.partialValue + 4 * reserve))
        return try run(stack: stack, body)
    }

    /// Bytes of stack left below the caller's frame on this thread; 0 when unknown.
    static func remainingStack() -> Int {
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let low = Thread.isMainThread ? mainStackLow : stackLow()
        return low.map { here > $0 ? Int(here - $0) : 0 } ?? 0
    }

    /// The main thread's lowest stack address (found once: for the main thread glibc reads /proc to answer).
    private static let mainStackLow: UInt? = stackLow()

    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    /// glibc's `pthread_getattr_np`, which Swift's Glibc module does not declare.
    private static let getAttributes: GetAttributes? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np").map { unsafeBitCast($0, to: GetAttributes.self) }

    /// The lowest address of the calling thread's stack.
    private static func stackLow() -> UInt? {
        var attributes = pthread_attr_t()
        guard let getAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
    }

    private final class ResultBox<T>: @unchecked Sendable {
        let body: () throws -> T
        var result: Result<T, Error>?
        init(_ body: @escaping () throws -> T) { self.body = body }
    }
}
