import Foundation
import Lamina
import LaminaPNG

/// One renderer thread's state: its backends, created on first use on this thread and kept (with their
/// GL context, uploaded textures and rasterization cache) for every later job. Never shared between threads.
/// Decoded images come from the pool's shared `ImageLibrary`, so the same PNG has the same identity in every
/// request and the per-worker texture and raster caches hit across requests.
final class RenderWorker {
    private let configuration: RenderServiceConfiguration
    private let metrics: ServerMetrics
    private let images: ImageLibrary
    private var backends: [String: any RenderBackend] = [:]

    init(configuration: RenderServiceConfiguration, metrics: ServerMetrics, images: ImageLibrary) {
        self.images = images
        self.configuration = configuration
        self.metrics = metrics
    }

    /// The backend of that name, made on first use.
    func backend(_ name: String) throws -> any RenderBackend {
        if let b = backends[name] { return b }
        let b = try configuration.makeBackend(name)
        backends[name] = b
        return b
    }

    /// Drops the backends (and so their GL contexts) on this thread, before the pool reports the thread
    /// gone: otherwise the process could exit while this thread still tears a context down.
    func releaseBackends() {
        backends.removeAll()
    }

    /// A rendered frame on its way to the encoder.
    struct Frame {
        let bitmap: Bitmap
        let encoding: EncodingOptions
        let tag: String
        let start: ContinuousClock.Instant
    }

    /// What a job came to on the worker: a frame to encode, or an answer already.
    enum Step {
        case encode(Frame)
        case answered(RenderOutcome)
    }

    /// Decodes, plans and renders a job; checks the ticket between stages, and the backend checks it between
    /// plan commands, so an abandoned job stops early (counted in `lamina_renders_cancelled_total`). The tag
    /// is known once the scene has decoded and planned: a request whose `If-None-Match` names it is answered
    /// 304, one whose answer is cached gets the cached one — never for a scene that would be refused.
    func render(_ job: RenderJob) -> Step {
        let start = ContinuousClock.now
        do {
            let renderer = try backend(job.backend)
            let tag = AnswerTag(backend: job.backend, scale: job.scale, options: job.encoding)
            let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder, scaleOverride: job.scale, imageLibrary: images,
                                       budget: configuration.memoryBudget, inputs: tag)
            let scene = try decoder.decode(job.scene, fileName: "<request>", baseDirectory: configuration.assetsDirectory)
            try job.ticket.cancellation.check()
            let (budget, cancellation) = (configuration.memoryBudget, job.ticket.cancellation)
            let plan = try LargeStack.run(levels: scene.root.depth) { try RenderPlanner.plan(scene, budget: budget, cancellation: cancellation) }
            try job.encoding.format.checkSize(width: plan.width, height: plan.height)
            try job.ticket.cancellation.check()
            let value = tag.value
            if let ifNoneMatch = job.ifNoneMatch, AnswerTag.matches(ifNoneMatch, value) {
                metrics.notModified.increment()
                return .answered(.notModified(tag: value))
            }
            if let hit = job.cache.answer(for: value) { return .answered(.cached(hit)) }
            let before = renderer.rasterCacheStatistics
            let bitmap = try renderer.render(plan)
            let after = renderer.rasterCacheStatistics
            metrics.cacheHits.increment(by: Int64(max(0, after.hits - before.hits)))
            metrics.cacheMisses.increment(by: Int64(max(0, after.misses - before.misses)))
            try job.ticket.cancellation.check()
            var encoding = job.encoding
            encoding.background = ImageEncoder.jpegBackground(of: scene)
            return .encode(Frame(bitmap: bitmap, encoding: encoding, tag: value, start: start))
        } catch is RenderCancelled {
            metrics.rendersCancelled.increment()
            return .answered(.failed(APIError(RenderCancelled())))
        } catch {
            if let failure = error as? any LaminaFailure, failure.kind == .environment {
                backends[job.backend] = nil
            }
            return .answered(.failed(APIError(error)))
        }
    }

    /// Encodes a frame (on an encode thread), stopping early when `cancellation` is cancelled; records the
    /// time from taking the job to the finished bytes.
    static func encode(_ frame: Frame, cancellation: RenderCancellation, metrics: ServerMetrics) -> RenderOutcome {
        do {
            let bytes = try ImageEncoder.encode(frame.bitmap, frame.encoding, cancellation: cancellation)
            let now = ContinuousClock.now
            metrics.renderDuration.record(now - frame.start)
            let answer = AnswerCache.Answer(bytes: bytes, contentType: frame.encoding.format.mediaType, tag: frame.tag,
                                            width: frame.bitmap.width, height: frame.bitmap.height, made: now)
            return .image(answer, renderMilliseconds: (now - frame.start).milliseconds)
        } catch is RenderCancelled {
            metrics.rendersCancelled.increment()
            return .failed(APIError(RenderCancelled()))
        } catch {
            return .failed(APIError(error))
        }
    }
}
