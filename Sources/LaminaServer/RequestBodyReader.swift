import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1

/// Reads a request body whole, within the per-request limit (413 past it) and the service's budget of
/// bytes held at once (503 with Retry-After when it is spent); a body that cannot be read because the
/// HTTP framing is broken (a bad chunk size, say) is 400.
struct RequestBodyReader: Sendable {
    let maxBodyBytes: Int
    let budget: ByteBudget
    let retryAfterSeconds: Int
    let metrics: ServerMetrics

    /// The smallest step in which a body without a `Content-Length` takes from the budget.
    static let step = 64 * 1024

    /// Reads the body and hands its bytes to `use`; they stay reserved until `use` returns.
    func withBody<T>(_ request: Request, _ use: ([UInt8]) async -> T) async throws(APIError) -> T {
        var reserved = 0
        defer { budget.release(reserved) }
        var buffer = ByteBuffer()
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }) {
            guard declared <= maxBodyBytes else { throw tooLarge("is \(declared) bytes") }
            try reserve(declared, of: declared, held: &reserved)
            buffer.reserveCapacity(declared)
        }
        do {
            for try await chunk in request.body {
                let total = buffer.readableBytes + chunk.readableBytes
                guard total <= maxBodyBytes else { throw tooLarge("goes on past that") }
                if total > reserved {
                    let more = min(max(total - reserved, RequestBodyReader.step), maxBodyBytes - reserved)
                    try reserve(more, of: total, held: &reserved)
                }
                buffer.writeImmutableBuffer(chunk)
            }
        } catch let error as APIError {
            throw error
        } catch let error as HTTPParserError {
            throw APIError(.badRequest, "malformed HTTP request body: \(error)")
        } catch {
            throw APIError(.badRequest, "the request body could not be read: \(error)")
        }
        let bytes = Array(buffer: buffer)
        buffer = ByteBuffer()
        return await use(bytes)
    }

    private func reserve(_ bytes: Int, of size: Int, held: inout Int) throws(APIError) {
        guard budget.reserve(bytes) else {
            metrics.bodyBudgetRejections.increment()
            throw APIError(
                .serviceUnavailable,
                "request bodies being read already hold \(budget.inUse) of \(budget.limit) bytes; this one needs \(size)",
                retryAfter: retryAfterSeconds)
        }
        held += bytes
    }

    private func tooLarge(_ what: String) -> APIError {
        APIError(.contentTooLarge, "the body \(what); scenes may be at most \(maxBodyBytes) bytes")
    }
}
