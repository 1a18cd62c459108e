import Foundation

/// A bounded first-in first-out queue of render jobs, shared by the request handlers (producers) and
/// the worker threads (consumers, which block in `next`).
final class JobQueue: @unchecked Sendable {
    enum Refusal: Error { case full, closed }

    let capacity: Int
    private let condition = NSCondition()
    /// Taken jobs are set to nil at once, so a finished job's ticket (and its PNG) is not kept alive here.
    private var jobs: [RenderJob?] = []
    private var head = 0
    private var closed = false

    /// Told every new depth while the queue is locked, so reports arrive in order.
    private let depthChanged: @Sendable (Int) -> Void

    init(capacity: Int, depthChanged: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.capacity = capacity
        self.depthChanged = depthChanged
    }

    /// Jobs waiting now.
    var count: Int { condition.withLock { jobs.count - head } }

    /// Adds a job, or refuses it when the queue is full or closed.
    func push(_ job: RenderJob) throws(Refusal) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw .closed }
        guard jobs.count - head < capacity else { throw .full }
        jobs.append(job)
        depthChanged(jobs.count - head)
        condition.signal()
    }

    /// The next job, waiting for one; nil once the queue is closed and empty.
    func next() -> RenderJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !closed { condition.wait() }
        guard head < jobs.count else { return nil }
        guard let job = jobs[head] else { return nil }
        jobs[head] = nil
        head += 1
        depthChanged(jobs.count - head)
        if head > 64 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    /// Refuses new jobs; the queued ones are still handed out.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
