import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The HTTP endpoints: `POST /render`, `GET /healthz` (liveness), `GET /readyz` (readiness), `GET /metrics`.
struct RenderRoutes: Sendable {
    let configuration: RenderServiceConfiguration
    let pool: RenderWorkerPool
    let metrics: ServerMetrics
    let bodies: RequestBodyReader

    func add(to router: Router<BasicRequestContext>) {
        router.post("render") { request, _ in await render(request) }
        router.get("healthz") { _, _ in json(.ok, #"{"status":"ok"}"#) }
        router.get("readyz") { _, _ in readiness() }
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics.text)))
        }
    }

    /// Reads the scene, queues it and answers the PNG, or the error as JSON.
    func render(_ request: Request) async -> Response {
        do {
            let (scale, backend) = try options(request)
            return try await bodies.withBody(request) { body in
                await render(body, scale: scale, backend: backend)
            }
        } catch {
            return APIError(error).makeResponse()
        }
    }

    private func render(_ scene: [UInt8], scale: Double?, backend: String) async -> Response {
        let ticket = RenderTicket(deadline: .now + configuration.renderBudget)
        do {
            try pool.submit(RenderJob(scene: scene, scale: scale, backend: backend, ticket: ticket))
        } catch {
            return error.makeResponse()
        }
        switch await ticket.wait(timeoutMessage: "the render passed its time budget of \(configuration.renderBudget)") {
        case .png(let bytes, let ms):
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            headers[.contentLength] = String(bytes.count)
            headers[HTTPField.Name("X-Render-Milliseconds")!] = String(format: "%.1f", ms)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failed(let error):
            return error.makeResponse()
        }
    }

    /// `?scale=` (a number > 0) and `?backend=` (one of the available backends).
    func options(_ request: Request) throws(APIError) -> (scale: Double?, backend: String) {
        let query = request.uri.queryParameters
        var scale: Double?
        if let text = query["scale"] {
            guard let s = Double(String(text)), s > 0, s.isFinite else {
                throw APIError(.badRequest, "expected ?scale= to be a number > 0, got \"\(text)\"", path: "?scale")
            }
            scale = s
        }
        let backend = query["backend"].map(String.init) ?? configuration.defaultBackend
        guard configuration.availableBackends.contains(backend) else {
            let names = configuration.availableBackends.joined(separator: ", ")
            throw APIError(.badRequest, "expected ?backend= to be one of \(names), got \"\(backend)\"", path: "?backend")
        }
        return (scale, backend)
    }

    /// 200 while a render posted now would be queued, 503 while the queue is full; the body says how
    /// full the queue, the workers and the body budget are.
    func readiness() -> Response {
        let queued = pool.queuedRenders, capacity = pool.queueCapacity
        let ready = queued < capacity
        let text = #"{"bodyBytesHeld":\#(bodies.budget.inUse),"bodyBytesLimit":\#(bodies.budget.limit),"#
            + #""busyWorkers":\#(pool.busyWorkers),"queueCapacity":\#(capacity),"queued":\#(queued),"#
            + #""status":"\#(ready ? "ready" : "saturated")","workers":\#(max(1, configuration.workers))}"#
        return json(ready ? .ok : .serviceUnavailable, text)
    }

    private func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
