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

    public init() {
        renderDuration = registry.makeDurationHistogram(
            name: "lamina_render_duration_seconds",
            buckets: [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
                      .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
                      .seconds(30)],
            help: "Time from a worker taking a render to its finished PNG (decode, plan, render, read back, encode).")
        queueDepth = registry.makeGauge(name: "lamina_render_queue_depth", help: "Renders accepted and waiting for a worker.")
        busyWorkers = registry.makeGauge(name: "lamina_render_workers_busy", help: "Workers rendering right now.")
        cacheHits = registry.makeCounter(name: "lamina_raster_cache_hits_total", help: "shouldRasterize cache hits, all workers.")
        cacheMisses = registry.makeCounter(name: "lamina_raster_cache_misses_total", help: "shouldRasterize cache misses, all workers.")
        accepted = registry.makeCounter(name: "lamina_render_jobs_accepted_total", help: "Renders accepted into the queue.")
        rejectedFull = registry.makeCounter(name: "lamina_render_queue_rejections_total", help: "Renders refused with 503 because the queue was full.")
        rendersCancelled = registry.makeCounter(descriptor: .init(
            metricName: "lamina_renders_cancelled", unitName: "total",
            helpText: "Renders stopped unfinished (in the queue, between stages or between plan commands) because their caller had been answered 504."))
        bodyBytesHeld = registry.makeGauge(descriptor: .init(
            metricName: "lamina_request_body_held", unitName: "bytes",
            helpText: "Bytes reserved by request bodies being read or waiting for their answer."))
        bodyBudgetRejections = registry.makeCounter(descriptor: .init(
            metricName: "lamina_request_body_budget_rejections", unitName: "total",
            helpText: "Requests refused with 503 because request bodies already held the budget."))
        headerTimeouts = registry.makeCounter(descriptor: .init(
            metricName: "lamina_header_timeouts", unitName: "total",
            helpText: "Connections closed because their request head did not arrive in time."))
    }

    /// Counts one answered request.
    func countRequest(status: Int, route: String) {
        registry.makeCounter(
            name: "lamina_http_requests_total", labels: [("route", route), ("status", String(status))],
            help: "HTTP requests answered, by route and status.").increment()
    }

    /// Everything in the Prometheus text exposition format.
    public var text: String { registry.emitToString() }
}
