import Foundation
import Lamina
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
    let answers: AnswerSender

    func add(to router: Router<BasicRequestContext>) {
        router.post("render") { request, _ in await render(request) }
        for method in [HTTPRequest.Method.get, .head, .put, .delete, .patch] {
            router.on("render", method: method) { _, _ in
                var error = APIError(.methodNotAllowed, "/render takes POST with a scene as its body, not \(method.rawValue)")
                error.allow = "POST"
                return error.makeResponse()
            }
        }
        router.get("healthz") { _, _ in json(.ok, #"{"status":"ok"}"#) }
        router.get("readyz") { _, _ in readiness() }
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics.text)))
        }
    }

    /// Reads the scene and queues it; a worker decodes and plans it, then answers 304 when `If-None-Match`
    /// names its ETag, the cached answer when there is one, else renders. Answers the image, or the error
    /// as JSON.
    func render(_ request: Request) async -> Response {
        do {
            let (scale, backend, encoding) = try options(request)
            let ifNoneMatch = request.headers[.ifNoneMatch]
            return try await bodies.withBody(request) { body in
                await render(body, scale: scale, backend: backend, encoding: encoding, ifNoneMatch: ifNoneMatch)
            }
        } catch {
            return APIError(error).makeResponse()
        }
    }

    private func render(_ scene: [UInt8], scale: Double?, backend: String, encoding: EncodingOptions, ifNoneMatch: String?) async -> Response {
        let ticket = RenderTicket(deadline: .now + configuration.renderBudget)
        do {
            try pool.submit(RenderJob(scene: scene, scale: scale, backend: backend, encoding: encoding,
                                      ifNoneMatch: ifNoneMatch, cache: cache, ticket: ticket))
        } catch {
            return error.makeResponse()
        }
        switch await ticket.wait(timeoutMessage: "the render passed its time budget of \(configuration.renderBudget)") {
        case .image(let answer, let ms):
            cache.store(answer, for: answer.tag)
            return self.answer(answer, milliseconds: ms)
        case .cached(let answer):
            return self.answer(answer, milliseconds: nil)
        case .notModified(let tag):
            var headers = HTTPFields()
            headers[.eTag] = tag
            headers[.vary] = "Accept"
            headers[.cacheControl] = RenderRoutes.cacheControl
            return Response(status: .notModified, headers: headers)
        case .failed(let error):
            return error.makeResponse()
        }
    }

    /// Image answers may be stored, but are checked again (by their ETag) before each use: an asset may change.
    static let cacheControl = "no-cache"

    /// An image answer, sent in pieces out of the budget of answer bytes in flight (503 when it is spent).
    /// A cached answer says so (`X-Cache: hit`, `Age`) and reports no render time of its own.
    private func answer(_ answer: AnswerCache.Answer, milliseconds: Double?) -> Response {
        guard let reservation = answers.reserve(answer.bytes.count) else {
            metrics.answerBudgetRejections.increment()
            return APIError(.serviceUnavailable,
                            "answers being sent already hold \(answers.budget.inUse) of \(answers.budget.limit) bytes; this one needs \(answer.bytes.count)",
                            retryAfter: configuration.retryAfterSeconds).makeResponse()
        }
        var headers = HTTPFields()
        headers[.contentType] = answer.contentType
        headers[.contentLength] = String(answer.bytes.count)
        headers[.eTag] = answer.tag
        headers[.vary] = "Accept"
        headers[.cacheControl] = RenderRoutes.cacheControl
        if answer.contentType == ImageFormat.rgba.mediaType {
            headers[HTTPField.Name("X-Image-Width")!] = String(answer.width)
            headers[HTTPField.Name("X-Image-Height")!] = String(answer.height)
        }
        if let milliseconds {
            headers[HTTPField.Name("X-Render-Milliseconds")!] = String(format: "%.1f", milliseconds)
            headers[HTTPField.Name("X-Cache")!] = "miss"
        } else {
            headers[HTTPField.Name("X-Cache")!] = "hit"
            headers[.age] = String(Int((ContinuousClock.now - answer.made).milliseconds / 1000))
        }
        return Response(status: .ok, headers: headers, body: AnswerSender.body(answer.bytes, reservation: reservation))
    }

    /// `?scale=` (a number > 0), `?backend=` (one of the available backends) and the output encoding
    /// (`OutputNegotiation`).
    func options(_ request: Request) throws(APIError) -> (scale: Double?, backend: String, encoding: EncodingOptions) {
        let query = request.uri.queryParameters
        let unknown = Set(query.map { String($0.key) }).subtracting(RenderRoutes.queryKeys).sorted()
        if !unknown.isEmpty {
            let names = unknown.map { "?" + MessageText.escaped($0, limit: 40) }.joined(separator: ", ")
            throw APIError(.badRequest, "unknown query parameter\(unknown.count == 1 ? "" : "s") \(names); "
                           + "expected \(RenderRoutes.queryKeys.sorted().map { "?" + $0 }.joined(separator: ", "))",
                           path: "?" + unknown[0])
        }
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

    /// The query parameters `/render` takes.
    static let queryKeys: Set<String> = ["scale", "backend", "format", "quality", "lossless"]

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
