import Foundation
import LaminaPNG

/// One accepted render: the posted scene and how to render it, with the ticket its answer goes to.
struct RenderJob: Sendable {
    /// The scene document as posted.
    let scene: [UInt8]
    /// `?scale=`, when given.
    let scale: Double?
    /// "gpu" or "cpu".
    let backend: String
    /// The answer's format and settings (JPEG's background is filled in from the scene).
    let encoding: EncodingOptions
    let ticket: RenderTicket
}

/// What a worker made of a job.
enum RenderOutcome: Sendable {
    /// The encoded answer, its media type and the time from taking the job to the finished bytes.
    case image([UInt8], contentType: String, renderMilliseconds: Double)
    case failed(APIError)
}
