import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The render service: a worker pool and the HTTP application in front of it, run under
/// swift-service-lifecycle so SIGTERM and SIGINT shut it down gracefully (the listener closes, accepted
/// requests are answered, then the pool drains and its threads exit).
public struct RenderServer: Sendable {
    public let configuration: RenderServiceConfiguration
    public let metrics: ServerMetrics
    public let pool: RenderWorkerPool
    let logger: Logger

    public init(configuration: RenderServiceConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        metrics = ServerMetrics()
        pool = RenderWorkerPool(configuration: configuration, metrics: metrics, logger: logger)
    }

    /// The HTTP application; `onListening` gets the bound port once the listener is up.
    /// Call `pool.start()` before running it.
    public func makeApplication(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        let budget = ByteBudget(limit: max(0, configuration.maxBufferedBodyBytes)) { [gauge = metrics.bodyBytesHeld] held in
            gauge.set(Double(held))
        }
        let bodies = RequestBodyReader(
            maxBodyBytes: configuration.maxBodyBytes, budget: budget, retryAfterSeconds: configuration.retryAfterSeconds, metrics: metrics)
        let cache = AnswerCache(limit: configuration.answerCacheBytes, metrics: metrics)
        let answers = AnswerSender(budget: ByteBudget(limit: max(0, configuration.maxAnswerBytesInFlight)) { [gauge = metrics.answerBytesHeld] held in
            gauge.set(Double(held))
        })
        RenderRoutes(configuration: configuration, pool: pool, metrics: metrics, bodies: bodies, cache: cache, answers: answers)
            .add(to: router)
        return Application(
            router: router,
            server: .http1(configuration: http1Configuration),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "lamina"),
            services: [pool],
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? -1) },
            logger: logger)
    }

    /// Header and idle timeouts of every connection.
    var http1Configuration: HTTP1Channel.Configuration {
        let (header, counter) = (configuration.headerTimeout, metrics.headerTimeouts)
        return HTTP1Channel.Configuration(
            additionalChannelHandlers: header.map { [HeaderTimeoutHandler(timeout: .init($0), onTimeout: { counter.increment() })] } ?? [],
            idleTimeout: configuration.idleTimeout.map { .init($0) })
    }

    /// Starts the workers (throws when a backend cannot be made, e.g. no EGL display) and serves until
    /// SIGTERM or SIGINT.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try pool.start()
        try await makeApplication(onListening: onListening).runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
