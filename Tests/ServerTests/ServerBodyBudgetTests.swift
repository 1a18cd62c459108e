import Foundation
import Testing

/// The bound on request body bytes held at once over all connections.
@Suite(.serialized)
struct ServerBodyBudgetTests {
    @Test("bodies past the shared budget are 503 with Retry-After; the bytes come back when their senders leave")
    func budgetSpent() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.maxBodyBytes = 100_000
            $0.maxBufferedBodyBytes = 200_000
            $0.headerTimeout = nil
            $0.idleTimeout = nil
        })
        var uploads: [RawConnection] = []
        for _ in 0..<2 {
            let c = try RawConnection(port: h.port)
            try await c.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n" + String(repeating: " ", count: 30_000))
            uploads.append(c)
        }
        try await h.waitForMetrics { $0["lamina_request_body_held_bytes"] == 200_000 }
        let scene = try TestScenes.example("listing-4.1-corner-radius.json")
        for chunked in [false, true] {
            let refused = try await h.post(scene, chunked: chunked)
            #expect(refused.status == 503, "\(refused.text)")
            #expect(refused.headers.first(name: "retry-after") == "1")
            #expect(refused.error?.message.contains("200000 bytes") == true, "\(refused.text)")
        }
        #expect(try await h.post(TestScenes.heavy(cards: 2000)).status == 413, "the per-request limit still comes first")
        uploads.removeAll()
        try await h.waitForMetrics { $0["lamina_request_body_held_bytes"] == 0 && $0["lamina_request_body_budget_rejections_total"] == 2 }
        for chunked in [false, true] {
            let accepted = try await h.post(scene, chunked: chunked)
            #expect(accepted.status == 200, "\(accepted.text)")
        }
        try await h.waitForMetrics { $0["lamina_request_body_held_bytes"] == 0 }
        try await h.stop()
    }

    @Test("`lamina serve --max-buffered-bodies` sets the budget; /readyz reports it")
    func budgetOption() async throws {
        let serve = try ServeProcess(["--backend", "cpu", "--workers", "1", "--max-body", "50000", "--max-buffered-bodies", "60000"])
        defer { serve.terminate(); _ = serve.wait() }
        let upload = try RawConnection(port: serve.port)
        try await upload.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50000\r\n\r\n{")
        let expected = #""bodyBytesHeld":50000,"bodyBytesLimit":60000"#
        var readiness = ""
        let deadline = ContinuousClock.now + .seconds(5)
        while !readiness.contains(expected) && ContinuousClock.now < deadline {
            let ready = try RawConnection(port: serve.port)
            try await ready.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            try await ready.readUntilClosed(within: .seconds(5))
            readiness = ready.text
        }
        #expect(readiness.contains(expected), "\(readiness)")
        let second = try RawConnection(port: serve.port)
        try await second.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20000\r\nConnection: close\r\n\r\n")
        try await second.read(until: "}", within: .seconds(5))
        #expect(second.status == 503, "\(second.text)")
        #expect(second.text.lowercased().contains("retry-after: 1"), "\(second.text)")
    }
}
