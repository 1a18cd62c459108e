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
    /// The request's `If-None-Match`: answered 304 when it names the tag of a scene that decodes and plans.
    let ifNoneMatch: String?
    /// Encoded answers by tag, looked up once the scene has decoded and planned.
    let cache: AnswerCache
    let ticket: RenderTicket
}

/// What a worker made of a job.
enum RenderOutcome: Sendable {
    /// A new answer: its encoded bytes, how they were made and the time from taking the job to the bytes.
    case image(AnswerCache.Answer, renderMilliseconds: Double)
    /// An answer from the cache, made for an earlier request of the same tag.
    case cached(AnswerCache.Answer)
    /// `If-None-Match` named the tag.
    case notModified(tag: String)
    case failed(APIError)
}
