import Foundation
import Lamina
import Logging
import ServiceLifecycle

/// A fixed set of renderer threads behind a bounded queue. Each thread owns a `RenderWorker` (so its GL
/// context stays on the thread that made it current). As a `Service`, it waits for graceful shutdown, then
/// closes the queue, lets the workers finish every accepted job and returns when all threads have exited.
public final class RenderWorkerPool: Service, @unchecked Sendable {
    let configuration: RenderServiceConfiguration
    let metrics: ServerMetrics
    /// Decoded images shared by all workers (immutable, so sharing needs only the library's lock).
    public let images = ImageLibrary()
    private let logger: Logger
    private let queue: JobQueue
    private let encoder: EncodeStage
    private let lock = NSLock()
    private var running = 0
    private var busy = 0
    private var exited: CheckedContinuation<Void, Never>?
    private var started = false
    private var startFailure: (any Error)?

    public init(configuration: RenderServiceConfiguration, metrics: ServerMetrics, logger: Logger) {
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
        encoder = EncodeStage(limit: configuration.encodeSlots ?? max(1, configuration.workers))
        queue = JobQueue(capacity: max(0, configuration.queueCapacity)) { [gauge = metrics.queueDepth] depth in
            gauge.set(Double(depth))
        }
    }

    /// Starts the threads and waits until each has made its default backend; throws the first failure
    /// (no EGL display, say) after stopping the threads.
    public func start() throws {
        let count = max(1, configuration.workers)
        let ready = DispatchSemaphore(value: 0)
        lock.withLock { running = count; started = true }
        for index in 0..<count {
            let thread = Thread { [self] in
                let worker = RenderWorker(configuration: configuration, metrics: metrics, images: images)
                do {
                    _ = try worker.backend(configuration.defaultBackend)
                } catch {
                    lock.withLock { if startFailure == nil { startFailure = error } }
                }
                ready.signal()
                work(worker)
            }
            thread.name = "lamina-render-\(index)"
            thread.stackSize = 64 << 20
            thread.start()
        }
        for _ in 0..<count { ready.wait() }
        if let failure = lock.withLock({ startFailure }) {
            queue.close()
            waitForExitBlocking()
            throw failure
        }
    }

    /// Renders waiting for a worker now.
    public var queuedRenders: Int { queue.count }

    /// Most renders that may wait; a render posted while this many wait is refused.
    public var queueCapacity: Int { queue.capacity }

    /// Workers rendering now.
    public var busyWorkers: Int { lock.withLock { busy } }

    /// Queues a job; throws 503 (with Retry-After) when the queue is full or the service is shutting down.
    func submit(_ job: RenderJob) throws(APIError) {
        do {
            try queue.push(job)
            metrics.accepted.increment()
        } catch {
            metrics.rejectedFull.increment()
            let why = error == .full ? "the render queue is full (\(queue.capacity) waiting)" : "the service is shutting down"
            throw APIError(.serviceUnavailable, why, retryAfter: configuration.retryAfterSeconds)
        }
    }

    /// Runs until graceful shutdown, then drains the queue and joins the threads.
    public func run() async throws {
        try? await gracefulShutdown()
        logger.info("render pool: finishing \(queue.count) queued renders")
        queue.close()
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            lock.lock()
            if running == 0 || !started {
                lock.unlock()
                c.resume()
            } else {
                exited = c
                lock.unlock()
            }
        }
        logger.info("render pool: all workers stopped")
    }

    private func work(_ worker: RenderWorker) {
        while let job = queue.next() {
            if job.ticket.isSettled {
                metrics.rendersCancelled.increment()
                continue
            }
            if job.ticket.isExpired {
                metrics.rendersCancelled.increment()
                job.ticket.settle(.failed(APIError(.gatewayTimeout, "the render waited past its time budget in the queue")))
                continue
            }
            metrics.busyWorkers.increment()
            lock.withLock { busy += 1 }
            let step = worker.render(job)
            lock.withLock { busy -= 1 }
            metrics.busyWorkers.decrement()
            switch step {
            case .answered(let outcome):
                job.ticket.settle(outcome)
            case .encode(let frame):
                encoder.submit { [metrics] in
                    guard !job.ticket.isSettled else { return }
                    job.ticket.settle(RenderWorker.encode(frame, cancellation: job.ticket.cancellation, metrics: metrics))
                }
            }
        }
        worker.releaseBackends()
        encoder.drain()
        let resume: CheckedContinuation<Void, Never>? = lock.withLock {
            running -= 1
            guard running == 0 else { return nil }
            defer { exited = nil }
            return exited
        }
        resume?.resume()
    }

    private func waitForExitBlocking() {
        while lock.withLock({ running }) > 0 { usleep(1000) }
    }
}
