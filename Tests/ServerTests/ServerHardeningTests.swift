import AsyncHTTPClient
import Foundation
import Lamina
import NIOCore
import Testing

/// The third attack on the service: a body that expands when parsed, answers that clients never read,
/// encodes past their time budget, ETags that leaked files outside the assets folder or served one scene's
/// image for another, methods and query parameters the service does not take, slow downloads.
@Suite(.serialized)
struct ServerHardeningTests {
    /// A scene document of about `megabytes` MiB whose body is millions of tiny objects (and names `images`).
    static func amplifying(megabytes: Int) -> [UInt8] {
        let count = megabytes * (1 << 20) / 8
        var text = #"{"images":{},"width":10,"height":10,"root":{},"pad":["#
        text.reserveCapacity(count * 8 + 100)
        for _ in 0..<count { text += #"{"a":0},"# }
        text += "{}]}"
        return Array(text.utf8)
    }

    @Test("a 16 MiB body of tiny objects is refused 422 within the memory budget while /healthz answers within 1 s")
    func parsingAmplification() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.memoryBudget = MemoryBudget(bytes: 128 << 20)
        })
        let body = Self.amplifying(megabytes: 16)
        let slowest = Task { () -> Duration in
            var worst = Duration.zero
            for _ in 0..<40 {
                let start = ContinuousClock.now
                _ = try await h.get("/healthz")
                worst = max(worst, ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(50))
            }
            return worst
        }
        let reply = try await h.post(body)
        #expect(reply.status == 422, "\(reply.text)")
        #expect(reply.error?.message.contains("memory") == true, "\(reply.text)")
        #expect(try await slowest.value < .seconds(1))
        #expect(try await h.post(try TestScenes.example("listing-4.1-corner-radius.json")).status == 200)
        try await h.stop()
    }

    @Test("lamina serve under a 2 GiB address-space limit survives 16 MiB amplifying bodies and stays healthy")
    func addressSpaceLimit() async throws {
        let serve = try ServeProcess(["--backend", "cpu", "--workers", "2"], addressSpace: 2 << 30)
        defer { serve.terminate(); _ = serve.wait() }
        let body = Self.amplifying(megabytes: 16)
        let port = serve.port
        let health = Task { () -> Duration in
            var worst = Duration.zero
            for _ in 0..<30 {
                let start = ContinuousClock.now
                let reply = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(5))
                #expect(reply.status.code == 200)
                worst = max(worst, ContinuousClock.now - start)
                try await Task.sleep(for: .milliseconds(200))
            }
            return worst
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/render")
                    request.method = .POST
                    request.body = .bytes(ByteBuffer(bytes: body))
                    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    return Int(response.status.code)
                }
            }
            for try await status in group {
                #expect([400, 422, 503, 504].contains(status), "refused as bad input, over budget or busy, never 500: \(status)")
            }
        }
        #expect(try await health.value < .seconds(1))
        #expect(serve.process.isRunning)
    }

    @Test("the ETag hashes the decoded scene and the asset's bytes: escapes do not hide assets, a replaced asset changes it")
    func tagsFollowResolvedInputs() async throws {
        let assets = FileManager.default.temporaryDirectory.appending(path: "lamina-tag-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: assets) }
        let png = TestScenes.examples.appending(path: "assets")
        let first = try FileManager.default.contentsOfDirectory(atPath: png.path).filter { $0.hasSuffix(".png") }.sorted()
        try FileManager.default.copyItem(at: png.appending(path: first[0]), to: assets.appending(path: "a.png"))
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.assetsDirectory = assets.path
            $0.answerCacheBytes = 1 << 20
        })
        let plain = Array(#"{"width":20,"height":20,"images":{"i":"a.png"},"root":{"frame":[0,0,20,20],"contents":"i"}}"#.utf8)
        let escaped = Array(#"{"width":20, "height":20,"imag\u0065s":{"i":"a.png"},"root":{"frame":[0,0,20,20],"contents":"i"}}"#.utf8)
        let a = try await h.post(plain)
        let b = try await h.post(escaped)
        let tag = try #require(a.headers.first(name: "etag"))
        #expect(a.status == 200 && b.status == 200)
        #expect(b.headers.first(name: "etag") == tag, "the same decoded scene, the same tag")
        #expect(tag.count == 66, "a quoted SHA-256 in hex: \(tag)")
        try FileManager.default.removeItem(at: assets.appending(path: "a.png"))
        try FileManager.default.copyItem(at: png.appending(path: first[1]), to: assets.appending(path: "a.png"))
        let c = try await h.post(escaped, headers: [("If-None-Match", tag)])
        #expect(c.status == 200 && c.headers.first(name: "etag") != tag, "a replaced asset is a new answer, not 304")
        #expect(c.headers.first(name: "x-cache") == "miss")
        #expect(c.body != a.body)
        try await h.stop()
    }

    @Test("If-None-Match never answers 304 for a scene that would be refused, nor tells whether a file exists")
    func noTagForRefusedScenes() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.assetsDirectory = TestScenes.examples.path
        })
        for source in ["../Package.swift", "/etc/passwd", "../../../../../../etc/hostname", "missing.png"] {
            let scene = Array(#"{"width":20,"height":20,"images":{"i":"\#(source)"},"root":{"frame":[0,0,20,20],"contents":"i"}}"#.utf8)
            let reply = try await h.post(scene, headers: [("If-None-Match", "*")])
            #expect(reply.status == 400 || reply.status == 422, "\(source): \(reply.status) \(reply.text)")
            #expect(reply.headers.first(name: "etag") == nil)
        }
        let invalid = Array(#"{"width":-1,"height":20,"root":{}}"#.utf8)
        #expect(try await h.post(invalid, headers: [("If-None-Match", "*")]).status == 400)
        try await h.stop()
    }

    @Test("GET and HEAD /render are 405 with Allow: POST; unknown query parameters are 400 naming them")
    func methodsAndParameters() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.defaultBackend = "cpu" })
        let get = try await h.get("/render")
        #expect(get.status == 405 && get.headers.first(name: "allow") == "POST")
        var head = HTTPClientRequest(url: "http://127.0.0.1:\(h.port)/render")
        head.method = .HEAD
        #expect(try await HTTPClient.shared.execute(head, timeout: .seconds(10)).status.code == 405)
        let body = try TestScenes.example("listing-4.1-corner-radius.json")
        let unknown = try await h.post(body, query: "?scale=1&sclae=2&format=png")
        #expect(unknown.status == 400 && unknown.error?.path == "?sclae" && unknown.error?.message.contains("?sclae") == true,
                "\(unknown.text)")
        let raw = try await h.post(body, query: "?format=rgba&scale=0.5")
        #expect(raw.status == 200)
        let (w, h2) = (Int(raw.headers.first(name: "x-image-width") ?? ""), Int(raw.headers.first(name: "x-image-height") ?? ""))
        #expect(w != nil && h2 != nil && w! * h2! * 4 == raw.body.count)
        try await h.stop()
    }

    @Test("answers in flight are counted in a byte budget: past it 503 with Retry-After")
    func answerBudget() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.maxAnswerBytesInFlight = 100_000
        })
        let body = try TestScenes.example("listing-4.1-corner-radius.json")
        let small = try await h.post(body, query: "?format=rgba&scale=0.25")
        #expect(small.status == 200, "\(small.body.count) bytes fit")
        let large = try await h.post(body, query: "?format=rgba&scale=2")
        #expect(large.status == 503 && large.headers.first(name: "retry-after") != nil, "\(large.text)")
        var idle: [RawConnection] = []
        let text = String(decoding: body, as: UTF8.self)
        for _ in 0..<6 {
            let c = try RawConnection(port: h.port)
            try await c.send("POST /render?format=rgba&scale=0.3 HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n" + text)
            idle.append(c)
        }
        try await Task.sleep(for: .seconds(1))
        let held = try await h.metricOnNewConnection("lamina_answer_in_flight_bytes") { _ in true }
        #expect((held ?? .infinity) <= 100_000, "clients that never read hold at most the budget")
        idle.removeAll()
        try await h.waitForMetrics { $0["lamina_answer_in_flight_bytes"] == 0 }
        try await h.stop()
    }

    @Test("a WebP too wide for the format is 422 before drawing")
    func webpTooWide() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.defaultBackend = "cpu" })
        let wide = Array(#"{"width":16384,"height":1,"background":"red","root":{}}"#.utf8)
        let refused = try await h.post(wide, query: "?format=webp")
        #expect(refused.status == 422 && refused.error?.message.contains("16383") == true, "\(refused.text)")
        #expect(try await h.post(wide, query: "?format=png").status == 200)
        try await h.stop()
    }

    @Test("a large answer read slowly is not cut off by the header timeout")
    func slowDownload() async throws {
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.headerTimeout = .milliseconds(300)
        })
        let body = Array(#"{"width":4096,"height":4096,"background":"red","root":{}}"#.utf8)
        let c = try RawConnection(port: h.port)
        try await c.send("POST /render?format=rgba HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n"
                         + String(decoding: body, as: UTF8.self))
        var total = 0
        let expected = 4096 * 4096 * 4
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline && !c.closedByPeer && total < expected {
            try await c.readSome(upTo: 4 << 20)
            total = c.headerEnd.map { c.received.count - $0 } ?? 0
            try await Task.sleep(for: .milliseconds(60))
        }
        #expect(c.received.starts(with: Array("HTTP/1.1 200".utf8)))
        #expect(total == expected, "got \(total) of \(expected) bytes over more than the header timeout")
        try await h.stop()
    }
}
