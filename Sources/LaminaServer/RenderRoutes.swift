import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The HTTP endpoints: `POST /render`, `GET /healthz`, `GET /metrics`.
struct RenderRoutes: Sendable {
    let configuration: RenderServiceConfiguration
    let pool: RenderWorkerPool
    let metrics: ServerMetrics

    func add(to router: Router<BasicRequestContext>) {
        router.post("render") { request, context in await render(request, context) }
        router.get("healthz") { _, _ in await health() }
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics.text)))
        }
    }

    /// Reads the scene, queues it and answers the PNG, or the error as JSON.
    func render(_ request: Request, _ context: BasicRequestContext) async -> Response {
        do {
            let (scale, backend) = try options(request)
            let limit = configuration.maxBodyBytes
            if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
                return tooLarge(declared)
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: limit)
            } catch is NIOTooManyBytesError {
                return tooLarge(nil)
            }
            let ticket = RenderTicket(deadline: .now + configuration.renderBudget)
            try pool.submit(RenderJob(work: .scene(bytes: Array(buffer: body), scale: scale), backend: backend, ticket: ticket))
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
        } catch {
            return APIError(error).makeResponse()
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

    private func tooLarge(_ declared: Int?) -> Response {
        let size = declared.map { "is \($0) bytes" } ?? "goes on past that"
        return APIError(.contentTooLarge, "the body \(size); scenes may be at most \(configuration.maxBodyBytes) bytes").makeResponse()
    }

    /// Renders the built-in health scene through the pool and checks a pixel of it.
    func health() async -> Response {
        let ticket = RenderTicket(deadline: .now + configuration.renderBudget)
        do {
            try pool.submit(RenderJob(work: .healthCheck, backend: configuration.defaultBackend, ticket: ticket))
        } catch {
            return error.makeResponse()
        }
        switch await ticket.wait(timeoutMessage: "the health render passed its time budget") {
        case .png(_, let ms):
            let text = #"{"backend":"\#(configuration.defaultBackend)","ms":\#(String(format: "%.1f", ms)),"status":"ok"}"#
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        case .failed(let error):
            return APIError(.serviceUnavailable, "health check failed: \(error.message)").makeResponse()
        }
    }
}
