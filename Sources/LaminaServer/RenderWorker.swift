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

    /// The health check's scene: a blue rounded square on white; the pixel at its centre must come out blue.
    static let healthScene = ##"{"width":16,"height":16,"background":"white","root":{"frame":[2,2,12,12],"backgroundColor":"#3366cc","cornerRadius":4}}"##

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

    /// Renders a job; checks the ticket between stages so an abandoned job stops early.
    func render(_ job: RenderJob) -> RenderOutcome {
        let start = ContinuousClock.now
        do {
            let renderer = try backend(job.backend)
            let scene: Scene
            switch job.work {
            case .scene(let bytes, let scale):
                let decoder = SceneDecoder(imageDecoder: PNGDecoder.sceneImageDecoder, scaleOverride: scale, imageLibrary: images,
                                           budget: configuration.memoryBudget)
                scene = try decoder.decode(bytes, fileName: "<request>", baseDirectory: configuration.assetsDirectory)
            case .healthCheck:
                scene = try SceneDecoder().decode(RenderWorker.healthScene, fileName: "<healthz>")
            }
            let abandoned = RenderOutcome.failed(APIError(.gatewayTimeout, "abandoned"))
            if job.ticket.isSettled { return abandoned }
            let budget = configuration.memoryBudget
            let plan = try LargeStack.run { try RenderPlanner.plan(scene, budget: budget) }
            if job.ticket.isSettled { return abandoned }
            let before = renderer.rasterCacheStatistics
            let bitmap = try renderer.render(plan)
            let after = renderer.rasterCacheStatistics
            metrics.cacheHits.increment(by: Int64(max(0, after.hits - before.hits)))
            metrics.cacheMisses.increment(by: Int64(max(0, after.misses - before.misses)))
            if case .healthCheck = job.work { try RenderWorker.checkHealth(bitmap) }
            let png = try PNGEncoder.encode(bitmap, compression: configuration.pngCompression)
            let elapsed = ContinuousClock.now - start
            metrics.renderDuration.record(elapsed)
            return .png(png, renderMilliseconds: elapsed.milliseconds)
        } catch {
            if let failure = error as? any LaminaFailure, failure.kind == .environment {
                backends[job.backend] = nil
            }
            return .failed(APIError(error))
        }
    }

    /// Fails unless the health scene's centre pixel is its blue (within 2/255).
    static func checkHealth(_ bitmap: Bitmap) throws {
        let i = (8 * bitmap.width + 8) * 4
        let expected: [Int] = [0x33, 0x66, 0xcc, 255]
        let got = (0..<4).map { Int(bitmap.pixels[i + $0]) }
        guard zip(got, expected).allSatisfy({ abs($0 - $1) <= 2 }) else {
            throw APIError(.serviceUnavailable, "health scene rendered \(got) at its centre, expected \(expected)")
        }
    }
}
