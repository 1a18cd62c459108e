import Foundation
import Lamina

/// The meeting point of a request waiting for its render and the worker doing it. It is settled once:
/// by the worker with the outcome, or by the request's timer when the time budget passes first
/// (which also cancels the render, so the worker stops between commands and frees its memory).
final class RenderTicket: @unchecked Sendable {
    let deadline: ContinuousClock.Instant
    /// Cancelled when the time budget passes before the render is done.
    let cancellation = RenderCancellation()
    private let lock = NSLock()
    private var outcome: RenderOutcome?
    private var waiter: CheckedContinuation<RenderOutcome, Never>?

    init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
    }

    /// True once an outcome is in; workers check it to skip abandoned work.
    var isSettled: Bool { lock.withLock { outcome != nil } }

    /// True when the deadline has passed.
    var isExpired: Bool { ContinuousClock.now >= deadline }

    /// Stores the outcome unless one is already in; returns whether this call settled the ticket.
    @discardableResult
    func settle(_ result: RenderOutcome) -> Bool {
        let resume: CheckedContinuation<RenderOutcome, Never>?
        lock.lock()
        if outcome != nil {
            lock.unlock()
            return false
        }
        outcome = result
        resume = waiter
        waiter = nil
        lock.unlock()
        resume?.resume(returning: result)
        return true
    }

    /// Waits for the outcome, or answers 504 when the deadline passes first.
    func wait(timeoutMessage: String) async -> RenderOutcome {
        let timer = Task { [deadline] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            if !Task.isCancelled, self.settle(.failed(APIError(.gatewayTimeout, timeoutMessage))) {
                self.cancellation.cancel()
            }
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (c: CheckedContinuation<RenderOutcome, Never>) in
            lock.lock()
            if let outcome {
                lock.unlock()
                c.resume(returning: outcome)
            } else {
                waiter = c
                lock.unlock()
            }
        }
    }
}
