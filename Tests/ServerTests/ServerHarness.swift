import AsyncHTTPClient
import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaServer
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// A render service running in this process on a free loopback port, and an HTTP client for it.
final class ServerHarness: Sendable {
    let server: RenderServer
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    struct Reply: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error` and `path` of a JSON error body.
        var error: (message: String, path: String)? {
            guard let o = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: String],
                  let m = o["error"], let p = o["path"] else { return nil }
            return (m, p)
        }
    }

    static func configuration(_ edit: (inout RenderServiceConfiguration) -> Void = { _ in }) -> RenderServiceConfiguration {
        var c = RenderServiceConfiguration { name in
            name == "gpu" ? try GLESBackend() as any RenderBackend : CPUBackend()
        }
        c.port = 0
        c.defaultBackend = "gpu"
        c.workers = 1
        edit(&c)
        return c
    }

    /// Starts the workers and the listener; returns once the port is known.
    init(_ configuration: RenderServiceConfiguration) async throws {
        var logger = Logger(label: "lamina.test")
        logger.logLevel = .warning
        server = RenderServer(configuration: configuration, logger: logger)
        try server.pool.start()
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let app = server.makeApplication { port in portSink.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        self.group = group
        task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        port = await iterator.next() ?? -1
    }

    /// Graceful shutdown: answers what was accepted, then returns when everything has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }

    func post(_ body: [UInt8], query: String = "", chunked: Bool = false, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/render\(query)")
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if chunked {
            let (stream, sink) = AsyncStream<ByteBuffer>.makeStream()
            for start in stride(from: 0, to: body.count, by: 4096) {
                sink.yield(ByteBuffer(bytes: body[start..<min(body.count, start + 4096)]))
            }
            sink.finish()
            request.body = .stream(stream, length: .unknown)
        } else {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        return try await send(request)
    }

    func get(_ path: String) async throws -> Reply {
        try await send(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"))
    }

    /// `/metrics` never met a condition.
    struct MetricTimeout: Error { let last: [String: Double] }

    /// Polls `/metrics` until `condition` holds for its unlabelled values (name → value); throws after 10 s.
    func waitForMetrics(_ condition: ([String: Double]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        var values: [String: Double] = [:]
        while ContinuousClock.now < deadline {
            values = [:]
            for line in try await get("/metrics").text.split(separator: "\n") where !line.hasPrefix("#") {
                let parts = line.split(separator: " ")
                if parts.count == 2, !parts[0].contains("{"), let v = Double(parts[1]) { values[String(parts[0])] = v }
            }
            if condition(values) { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw MetricTimeout(last: values)
    }

    /// An unlabelled value of `/metrics`, asked on a new connection each time until `done` holds (5 s at
    /// most): a pooled keep-alive connection may be closing under a short header or idle timeout.
    func metricOnNewConnection(_ name: String, until done: (Double) -> Bool) async throws -> Double? {
        let deadline = ContinuousClock.now + .seconds(5)
        var value: Double?
        repeat {
            let c = try RawConnection(port: port)
            try await c.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            try await c.readUntilClosed(within: .seconds(5))
            let line = c.text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            value = line.flatMap { Double($0.split(separator: " ")[1]) }
            if let value, done(value) { return value }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < deadline
        return value
    }

    private func send(_ request: HTTPClientRequest) async throws -> Reply {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 256 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Array(buffer: body))
    }
}
