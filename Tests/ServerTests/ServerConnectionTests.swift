import Foundation
import Testing

/// Connections that misbehave: half-sent heads, stalled bodies, broken HTTP framing.
@Suite(.serialized)
struct ServerConnectionTests {
    @Test("200 half-sent request heads are closed after the header timeout; meanwhile the server answers others")
    func headerTimeout() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.headerTimeout = .seconds(1)
            $0.idleTimeout = .seconds(30)
        })
        let opened = ContinuousClock.now
        var held: [RawConnection] = []
        for _ in 0..<200 {
            let c = try RawConnection(port: h.port)
            try await c.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(c)
        }
        #expect(try await !held[199].readUntilClosed(within: .milliseconds(300)), "closed before the timeout")
        #expect(try await h.get("/healthz").status == 200)
        let render = try await h.post(try TestScenes.example("listing-4.1-corner-radius.json"))
        #expect(render.status == 200, "\(render.text)")
        for c in held {
            #expect(try await c.readUntilClosed(within: .seconds(30)), "a half-sent head must be closed")
        }
        #expect(ContinuousClock.now - opened > .seconds(1), "closed before the header timeout")
        #expect(held.allSatisfy { $0.received.isEmpty }, "a half-sent head gets no answer, only the close")
        #expect(try await h.metricOnNewConnection("lamina_header_timeouts_total") { $0 >= 200 } ?? 0 >= 200)
        try await h.stop()
    }

    @Test("a body that stalls is closed after the idle timeout and its reserved bytes come back")
    func idleTimeout() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.headerTimeout = nil
            $0.idleTimeout = .seconds(1)
        })
        let stalled = try RawConnection(port: h.port)
        try await stalled.send("POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5000\r\n\r\n{\"width\":")
        // Pooled keep-alive client connections would be closed by the idle timeout too: ask on new ones.
        #expect(try await h.metricOnNewConnection("lamina_request_body_held_bytes") { $0 == 5000 } == 5000)
        #expect(try await stalled.readUntilClosed(within: .seconds(30)), "a stalled body must be closed")
        #expect(try await h.metricOnNewConnection("lamina_request_body_held_bytes") { $0 == 0 } == 0)

        let quiet = try RawConnection(port: h.port)
        let sent = ContinuousClock.now
        try await quiet.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try await quiet.read(until: #"{"status":"ok"}"#, within: .seconds(5))
        #expect(quiet.status == 200, "\(quiet.text)")
        #expect(try await quiet.readUntilClosed(within: .seconds(30)), "a keep-alive connection must close once idle")
        #expect(ContinuousClock.now - sent > .milliseconds(950), "closed before the idle timeout")
        try await h.stop()
    }

    @Test("malformed HTTP (bad chunk size, garbage request line, broken headers) is 400, never 500")
    func malformedHTTP() async throws {
        let h = try await ServerHarness(ServerHarness.configuration())
        let cases = [
            "POST /render HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
            "POST /render HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{\"width\":1}\r\n0\r\n\r\n",
            "GARBAGE\r\n\r\n",
            "GET /healthz HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
            "POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n{}",
            "POST /render HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        ]
        for request in cases {
            let c = try RawConnection(port: h.port)
            try await c.send(request)
            #expect(try await c.readUntilClosed(within: .seconds(5)), "the connection must close after \(request.debugDescription)")
            #expect(c.status == 400, "\(request.debugDescription) → \(c.text.prefix(300).debugDescription)")
        }
        let chunked = try RawConnection(port: h.port)
        try await chunked.send(cases[0])
        try await chunked.readUntilClosed(within: .seconds(5))
        #expect(chunked.text.contains("application/json") && chunked.text.contains(#""error":"malformed HTTP request body"#),
                "\(chunked.text.debugDescription)")
        let metrics = try await h.get("/metrics").text
        #expect(!metrics.contains(#"status="500""#), "\(metrics)")
        #expect(try await h.get("/healthz").status == 200)
        try await h.stop()
    }
}
