import Foundation
import Testing

/// Overload, time budget, health and metrics.
@Suite(.serialized)
struct ServerCapacityTests {
    @Test("a full queue answers 503 with Retry-After; accepted renders still finish")
    func queueFull() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.workers = 1
            $0.queueCapacity = 1
        })
        let body = TestScenes.heavy()
        let replies = try await withThrowingTaskGroup(of: ServerHarness.Reply.self) { group in
            group.addTask { try await h.post(body) }
            try await h.waitForMetrics { $0["lamina_render_jobs_accepted_total"] == 1 && $0["lamina_render_queue_depth"] == 0 }
            // The first job has left the queue (rendering, or done): of five posts at once, one is queued
            // and those that arrive while it waits are refused.
            for _ in 0..<5 { group.addTask { try await h.post(body) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let refused = replies.filter { $0.status == 503 }
        #expect(!refused.isEmpty, "statuses \(replies.map(\.status))")
        #expect(replies.allSatisfy { [200, 503].contains($0.status) }, "statuses \(replies.map(\.status))")
        #expect(replies.filter { $0.status == 200 }.count >= 2, "the first and the one queued must finish")
        for r in refused {
            #expect(r.headers.first(name: "retry-after") == "1")
            #expect(r.error?.message.contains("queue is full") == true, "\(r.text)")
        }
        let metrics = try await h.get("/metrics").text
        #expect(metrics.contains(#"lamina_http_requests_total{route="/render",status="503"} \#(refused.count)"#), "\(metrics)")
        try await h.stop()
    }

    @Test("a render past its time budget is 504; the server keeps answering")
    func budgetPassed() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.renderBudget = .milliseconds(60) })
        let started = ContinuousClock.now
        let reply = try await h.post(TestScenes.heavy())
        let waited = ContinuousClock.now - started
        #expect(reply.status == 504, "\(reply.status) \(reply.text.prefix(200))")
        #expect(reply.error?.message.contains("time budget") == true, "\(reply.text)")
        #expect(waited < .seconds(5), "answered after \(waited), not at the budget")
        let metrics = try await h.get("/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains(#"lamina_http_requests_total{route="/render",status="504"} 1"#))
        try await h.stop()
    }

    @Test("a render past its budget is cancelled: 504, counted, and the worker is free again at once", arguments: ["cpu", "gpu"])
    func budgetCancels(backend: String) async throws {
        // The budget leaves the small render after the cancelled one room for a first shader compile on a
        // loaded machine; uncancelled, the slow scene keeps either backend's worker busy ten times longer.
        let h = try await ServerHarness(ServerHarness.configuration { $0.renderBudget = .seconds(2) })
        let slow = TestScenes.blurred()
        let reply = try await h.post(slow, query: "?backend=\(backend)")
        #expect(reply.status == 504, "\(reply.status) \(reply.text.prefix(200))")
        #expect(reply.error?.message.contains("time budget") == true, "\(reply.text)")
        let answered = ContinuousClock.now
        try await h.waitForMetrics { $0["lamina_renders_cancelled_total"] == 1 && $0["lamina_render_workers_busy"] == 0 }
        let freed = ContinuousClock.now - answered
        #expect(freed < .seconds(10), "the worker was busy \(freed) after the 504 (uncancelled: over a minute)")
        let started = ContinuousClock.now
        let small = try await h.post(try TestScenes.example("listing-4.1-corner-radius.json"), query: "?backend=\(backend)")
        #expect(small.status == 200, "\(small.text)")
        #expect(ContinuousClock.now - started < .seconds(10), "the next render waited \(ContinuousClock.now - started)")
        let metrics = try await h.get("/metrics").text
        #expect(metrics.contains("lamina_renders_cancelled_total 1"), "\(metrics)")
        try await h.stop()
    }

    @Test("under a full queue /healthz is 200 without queueing and /readyz is 503 'saturated'; then ready again")
    func livenessAndReadiness() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.workers = 1
            $0.queueCapacity = 1
            $0.renderBudget = .seconds(3)
        })
        let ready = try await h.get("/readyz")
        #expect(ready.status == 200 && ready.text.contains(#""status":"ready""#), "\(ready.text)")
        let slow = TestScenes.heavy(cards: 3000, shadowRadius: 60)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await h.post(slow).status }
            try await h.waitForMetrics { $0["lamina_render_jobs_accepted_total"] == 1 && $0["lamina_render_workers_busy"] == 1 }
            group.addTask { try await h.post(slow).status }
            try await h.waitForMetrics { $0["lamina_render_queue_depth"] == 1 }
            let started = ContinuousClock.now
            let health = try await h.get("/healthz")
            #expect(health.status == 200 && health.text == #"{"status":"ok"}"#, "\(health.text)")
            #expect(ContinuousClock.now - started < .seconds(2), "liveness waited \(ContinuousClock.now - started) (through the queue it waits for a 3 s budget)")
            let saturated = try await h.get("/readyz")
            #expect(saturated.status == 503, "\(saturated.text)")
            #expect(saturated.text.contains(#""queueCapacity":1,"queued":1,"status":"saturated""#), "\(saturated.text)")
            #expect(try await h.post(slow).status == 503, "a render posted while not ready is refused")
            for try await status in group { #expect(status == 504) }
        }
        try await h.waitForMetrics { $0["lamina_render_queue_depth"] == 0 && $0["lamina_render_workers_busy"] == 0 }
        #expect(try await h.get("/readyz").status == 200)
        try await h.stop()
    }

    @Test("/healthz answers without rendering; /metrics counts requests, render times, queue depth and cache hits")
    func healthAndMetrics() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.assetsDirectory = TestScenes.examples.path })
        let health = try await h.get("/healthz")
        #expect(health.status == 200, "\(health.text)")
        #expect(health.text.contains(#""status":"ok""#))
        let scene = try TestScenes.example("listing-4.7-should-rasterize.json")
        for _ in 0..<2 { #expect(try await h.post(scene).status == 200) }
        let metrics = try await h.get("/metrics")
        #expect(metrics.headers.first(name: "content-type")?.hasPrefix("text/plain") == true)
        let text = metrics.text
        #expect(text.contains(#"lamina_http_requests_total{route="/render",status="200"} 2"#), "\(text)")
        #expect(text.contains(#"lamina_http_requests_total{route="/healthz",status="200"} 1"#))
        #expect(text.contains("lamina_render_duration_seconds_count 2"), "the health check must not render: \(text)")
        #expect(text.contains("lamina_render_queue_depth 0"))
        let hits = text.split(separator: "\n").first { $0.hasPrefix("lamina_raster_cache_hits_total ") }
        let count = hits.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        #expect(count >= 1, "the second render of a shouldRasterize scene must hit the cache: \(String(describing: hits))")
        try await h.stop()
    }
}
