import Prometheus

/// The service's Prometheus metrics: requests by status, render time, queue depth, busy workers, cancelled
/// renders, request body bytes held and the rasterization caches of all workers. `text` is the `/metrics` answer.
public final class ServerMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    let renderDuration: DurationHistogram
    let queueDepth: Gauge
    let busyWorkers: Gauge
    let cacheHits: Counter
    let cacheMisses: Counter
    let rejectedFull: Counter
    let accepted: Counter
    let rendersCancelled: Counter
    let bodyBytesHeld: Gauge
    let bodyBudgetRejections: Counter
    let headerTimeouts: Counter
    let answerCacheHits: Counter
    let answerCacheMisses: Counter
    let answerCacheEvictions: Counter
    let answerCacheBytes: Gauge
    let notModified: Counter
    let answerBytesHeld: Gauge
    let answerBudgetRejections: Counter

    public init() {
        renderDuration = registry.makeDurationHistogram(
            descriptor: ServerMetrics.name("lamina_render_duration", "seconds",
                                           "Time from a worker taking a render to its finished answer (decode, plan, render, read back, encode)."),
            buckets: [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                      .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
                      .seconds(30)])
        queueDepth = registry.makeGauge(descriptor: ServerMetrics.name("lamina_render_queue_depth", "", "Renders accepted and waiting for a worker."))
        busyWorkers = registry.makeGauge(descriptor: ServerMetrics.name("lamina_render_workers_busy", "", "Workers rendering right now."))
        cacheHits = registry.makeCounter(descriptor: ServerMetrics.name("lamina_raster_cache_hits", "total", "shouldRasterize cache hits, all workers."))
        cacheMisses = registry.makeCounter(descriptor: ServerMetrics.name("lamina_raster_cache_misses", "total", "shouldRasterize cache misses, all workers."))
        accepted = registry.makeCounter(descriptor: ServerMetrics.name("lamina_render_jobs_accepted", "total", "Renders accepted into the queue."))
        rejectedFull = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_render_queue_rejections", "total", "Renders refused with 503 because the queue was full."))
        rendersCancelled = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_renders_cancelled", "total",
            "Renders stopped unfinished (in the queue, between stages or between plan commands) because their caller had been answered 504."))
        bodyBytesHeld = registry.makeGauge(descriptor: ServerMetrics.name(
            "lamina_request_body_held", "bytes", "Bytes reserved by request bodies being read or waiting for their answer."))
        bodyBudgetRejections = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_request_body_budget_rejections", "total", "Requests refused with 503 because request bodies already held the budget."))
        headerTimeouts = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_header_timeouts", "total", "Connections closed because their request head did not arrive in time."))
        answerCacheHits = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_answer_cache_hits", "total", "Renders answered from the in-memory cache of encoded answers."))
        answerCacheMisses = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_answer_cache_misses", "total", "Renders looked up in the answer cache and not found."))
        answerCacheEvictions = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_answer_cache_evictions", "total", "Answers dropped from the cache to stay within its byte limit."))
        answerCacheBytes = registry.makeGauge(descriptor: ServerMetrics.name(
            "lamina_answer_cache", "bytes", "Bytes of encoded answers held in the cache."))
        notModified = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_not_modified", "total", "Renders answered 304 Not Modified because If-None-Match named their ETag."))
        answerBytesHeld = registry.makeGauge(descriptor: ServerMetrics.name(
            "lamina_answer_in_flight", "bytes", "Bytes of image answers ready and not yet all handed to their connections."))
        answerBudgetRejections = registry.makeCounter(descriptor: ServerMetrics.name(
            "lamina_answer_budget_rejections", "total", "Answers refused with 503 because answers in flight already held the budget."))
    }

    /// A metric's name: `metric_unit` (the unit left out when empty) and its help text.
    static func name(_ metric: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: metric, unitName: unit, helpText: help)
    }

    /// Counts one answered request.
    func countRequest(status: Int, route: String) {
        registry.makeCounter(
            descriptor: ServerMetrics.name("lamina_http_requests", "total", "HTTP requests answered, by route and status."),
            labels: [("route", route), ("status", String(status))]).increment()
    }

    /// Everything in the Prometheus text exposition format.
    public var text: String { registry.emitToString() }
}
