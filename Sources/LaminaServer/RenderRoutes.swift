import Foundation
import HTTPTypes
import Hummingbird
import LaminaPNG
import NIOCore

/// The HTTP endpoints: `POST /render`, `GET /healthz` (liveness), `GET /readyz` (readiness), `GET /metrics`.
struct RenderRoutes: Sendable {
    let configuration: RenderServiceConfiguration
    let pool: RenderWorkerPool
    let metrics: ServerMetrics
    let bodies: RequestBodyReader
    let cache: AnswerCache

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

    /// Reads the scene, queues it and answers the image, or the error as JSON. An `If-None-Match` that
    /// names the answer's ETag is answered 304 without rendering; a cached answer is sent without rendering.
    func render(_ request: Request) async -> Response {
        do {
            let (scale, backend, encoding) = try options(request)
            let ifNoneMatch = request.headers[.ifNoneMatch]
            return try await bodies.withBody(request) { body in
                let tag = AnswerTag.make(scene: body, backend: backend, scale: scale, options: encoding,
                                         assets: configuration.assetsDirectory)
                if let ifNoneMatch, AnswerTag.matches(ifNoneMatch, tag) {
                    metrics.notModified.increment()
                    var headers = HTTPFields()
                    headers[.eTag] = tag
                    headers[.vary] = "Accept"
                    return Response(status: .notModified, headers: headers)
                }
                if let hit = cache.answer(for: tag) {
                    return answer(hit.bytes, contentType: hit.contentType, milliseconds: hit.renderMilliseconds, tag: tag)
                }
                return await render(body, scale: scale, backend: backend, encoding: encoding, tag: tag)
            }
        } catch {
            return APIError(error).makeResponse()
        }
    }

    private func render(_ scene: [UInt8], scale: Double?, backend: String, encoding: EncodingOptions, tag: String) async -> Response {
        let ticket = RenderTicket(deadline: .now + configuration.renderBudget)
        do {
            try pool.submit(RenderJob(scene: scene, scale: scale, backend: backend, encoding: encoding, ticket: ticket))
        } catch {
            return error.makeResponse()
        }
        switch await ticket.wait(timeoutMessage: "the render passed its time budget of \(configuration.renderBudget)") {
        case .image(let bytes, let contentType, let ms):
            cache.store(.init(bytes: bytes, contentType: contentType, renderMilliseconds: ms), for: tag)
            return answer(bytes, contentType: contentType, milliseconds: ms, tag: tag)
        case .failed(let error):
            return error.makeResponse()
        }
    }

    private func answer(_ bytes: [UInt8], contentType: String, milliseconds: Double, tag: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        headers[.eTag] = tag
        headers[.vary] = "Accept"
        headers[HTTPField.Name("X-Render-Milliseconds")!] = String(format: "%.1f", milliseconds)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `?scale=` (a number > 0), `?backend=` (one of the available backends) and the output encoding
    /// (`OutputNegotiation`).
    func options(_ request: Request) throws(APIError) -> (scale: Double?, backend: String, encoding: EncodingOptions) {
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
        var texts: [String: String] = [:]
        for key: Substring in ["format", "quality", "lossless"] { if let v = query[key] { texts[String(key)] = String(v) } }
        let encoding = try OutputNegotiation(pngCompression: configuration.pngCompression)
            .options(query: texts, accept: request.headers[.accept])
        return (scale, backend, encoding)
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
