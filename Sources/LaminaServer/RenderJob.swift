import Foundation

/// One accepted render: the posted scene and how to render it, with the ticket its answer goes to.
struct RenderJob: Sendable {
    /// The scene document as posted.
    let scene: [UInt8]
    /// `?scale=`, when given.
    let scale: Double?
    /// "gpu" or "cpu".
    let backend: String
    let ticket: RenderTicket
}

/// What a worker made of a job.
enum RenderOutcome: Sendable {
    case png([UInt8], renderMilliseconds: Double)
    case failed(APIError)
}
