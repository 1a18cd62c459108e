import Synchronization

/// A flag that asks a render in progress to stop: whoever gave up on the result calls `cancel()`, and the
/// backends call `check()` between plan commands, so an abandoned render ends soon and frees its memory.
/// Set it on `RenderPlan.cancellation`; a plan without one is never cancelled.
public final class RenderCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// Asks the render to stop; later `check()` calls throw. Calling it again does nothing.
    public func cancel() {
        flag.store(true, ordering: .releasing)
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }

    /// Throws `RenderCancelled` once `cancel()` has been called.
    public func check() throws(RenderCancelled) {
        if isCancelled { throw RenderCancelled() }
    }
}

/// The failure of a render stopped through its `RenderCancellation`: nobody waits for its pixels.
/// It is the request's doing (it asked for more than its time budget), so its kind is `.badInput`.
public struct RenderCancelled: LaminaFailure, Hashable {
    public init() {}

    public var kind: FailureKind { .badInput }

    public var description: String { "the render was cancelled" }
}
