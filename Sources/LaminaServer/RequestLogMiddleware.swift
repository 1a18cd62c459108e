import Hummingbird
import Logging

/// Logs one line per request (the request id comes with the logger's `hb.request.id`): method, path,
/// status, response size and milliseconds; and counts the request by route and status.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status.code, size: response.headers[.contentLength] ?? "-", since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context, status: status, size: "-", since: start)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: Int, size: String, since start: ContinuousClock.Instant) {
        let ms = (ContinuousClock.now - start).milliseconds
        let route = ["/render", "/healthz", "/readyz", "/metrics"].contains(request.uri.path) ? request.uri.path : "other"
        metrics.countRequest(status: status, route: route)
        context.logger.info("\(request.method) \(request.uri.path) \(status) \(size) bytes \(String(format: "%.1f", ms)) ms")
    }
}
