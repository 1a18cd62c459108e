import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

/// SIGTERM on a real `lamina serve` process: the listener closes, every accepted render is answered.
@Suite(.serialized)
struct ServerShutdownTests {
    @Test("SIGTERM loses no accepted request and refuses new connections; the process exits 0")
    func gracefulShutdown() async throws {
        let serve = try ServeProcess(["--backend", "gpu", "--workers", "1", "--queue", "16"])
        let body = TestScenes.heavy()
        let count = 5
        let port = serve.port
        let replies = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for _ in 0..<count {
                group.addTask {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/render")
                    request.method = .POST
                    request.body = .bytes(ByteBuffer(bytes: body))
                    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
                    return (Int(response.status.code), Array(buffer: try await response.body.collect(upTo: 64 << 20)))
                }
            }
            let deadline = ContinuousClock.now + .seconds(60)
            while try await Self.accepted(port) < count && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await Self.accepted(port) == count)
            serve.terminate()
            let closeBy = ContinuousClock.now + .seconds(3)
            while serve.acceptsConnections() && ContinuousClock.now < closeBy {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(!serve.acceptsConnections(), "the listener must close on SIGTERM")
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.count == count)
        for (status, bytes) in replies {
            #expect(status == 200)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        }
        #expect(serve.wait() == 0)
        let log = try String(contentsOf: serve.log, encoding: .utf8)
        #expect(log.components(separatedBy: "POST /render 200").count - 1 == count, "\(log)")
    }

    /// `lamina_render_jobs_accepted_total` from /metrics.
    static func accepted(_ port: Int) async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/metrics"), timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        let line = text.split(separator: "\n").first { $0.hasPrefix("lamina_render_jobs_accepted_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }
}
