import Foundation

/// One accepted render: the posted scene and how to render it, with the ticket its answer goes to.
struct RenderJob: Sendable {
    enum Work: Sendable {
        /// A scene document posted by a client.
        case scene(bytes: [UInt8], scale: Double?)
        /// The health check's built-in scene.
        case healthCheck
    }

    let work: Work
    /// "gpu" or "cpu".
    let backend: String
    let ticket: RenderTicket
}

/// What a worker made of a job.
enum RenderOutcome: Sendable {
    case png([UInt8], renderMilliseconds: Double)
    case failed(APIError)
}
