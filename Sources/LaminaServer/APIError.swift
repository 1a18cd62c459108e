import Foundation
import Hummingbird
import Lamina

/// An error answer of the render service: a status and the JSON body `{"error": "...", "path": "..."}`,
/// where `path` is the JSON path of the offending value in the posted scene (empty for the document).
public struct APIError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var message: String
    public var path: String
    /// Seconds for a `Retry-After` header (503 only).
    public var retryAfter: Int?
    /// The methods an `Allow` header names (405 only).
    public var allow: String?

    /// `message` and `path` are kept as one bounded line each (control characters escaped, long text cut).
    public init(_ status: HTTPResponse.Status, _ message: String, path: String = "", retryAfter: Int? = nil) {
        self.status = status
        self.message = MessageText.line(message)
        self.path = MessageText.escaped(path, limit: MessageText.lineLimit / 4)
        self.retryAfter = retryAfter
    }

    /// The answer to a failed scene: 422 when it is past a limit, 400 when it is malformed, 500 for a bug
    /// or a broken environment (never for bad input).
    public init(_ failure: any Error) {
        switch failure {
        case let e as APIError:
            self = e
        case is RenderCancelled:
            self.init(.gatewayTimeout, "the render was cancelled: it passed its time budget")
        case let e as SceneError:
            self.init(e.exceedsLimit ? .unprocessableContent : .badRequest, e.message, path: e.path)
        case let e as RenderError where e.kind == .badInput:
            self.init(.unprocessableContent, e.message)
        case let e as any LaminaFailure where e.kind == .badInput:
            self.init(.unprocessableContent, "\(e)")
        case let e as any LaminaFailure:
            self.init(.internalServerError, e.kind == .environment ? "renderer unavailable: \(e)" : "internal error: \(e)")
        default:
            self.init(.internalServerError, "internal error: \(failure)")
        }
    }

    public var description: String { path.isEmpty ? "\(status.code) \(message)" : "\(status.code) \(path): \(message)" }

    /// The JSON body.
    public var body: [UInt8] {
        let object: [String: String] = ["error": message, "path": path]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return [UInt8](data)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        makeResponse()
    }

    /// The response, with `Content-Type: application/json` and `Retry-After` where set.
    public func makeResponse() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let allow { headers[.allow] = allow }
        let bytes = body
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
