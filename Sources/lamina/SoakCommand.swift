import ArgumentParser
import Foundation
import Lamina
import LaminaGLES

/// `lamina soak`: renders thousands of frames of a changing scene (`SoakScene`) in one renderer per
/// backend, as a long-running app would, and checks that nothing accumulates: resident memory at the
/// last frame within 10 % of the settle frame (a tenth of the frames, at least frame 100, unless `--settle` says
/// otherwise: caches bounded by bytes, such as the shadow tables of an animated radius, fill up to their bound
/// first — on cards-1000-anim20 on the GPU path until about frame 250), and on the GPU
/// the live texture and framebuffer counts outside the caches bounded by bytes equal to that frame's, or, where
/// they keep cycling, no higher in the second half of the samples than in the first (the caches' own objects
/// follow the sizes of what they hold — an animated shadow radius fills the shadow-table cache with few large
/// or many small tables — and are reported beside).
/// With `--scene FILE` the frames are that scene's animation instead: frame n is its still at n / fps seconds.
/// With `--incremental` each frame is drawn with damage tracking (`IncrementalRenderer`), as a live
/// compositor draws, instead of whole.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Render many frames of a changing scene and check that memory and GL objects stay flat.")

    @Option(help: "Frames per backend (at least 200).") var frames = 10_000
    @Option(help: "gpu, cpu or both.") var backend: BackendChoice = .both
    @Option(help: "Allowed growth of resident memory from the settle frame to the last frame, in percent.")
    var tolerance = 10.0
    @Option(help: "The frame whose memory and GL objects are the baseline (caches warm by then; default: a tenth of --frames, at least 100).")
    var settle: Int?
    @Option(help: "Print a progress line every N frames (0: only the summary).") var every = 1000
    @Option(help: "Pixels per point (the scene is 1920×1080 points); 0.5 renders 960×540 pixels.") var scale = 1.0
    @Option(help: "An animated scene file to soak instead of the built-in scene: frame n shows it at n / fps seconds.")
    var scene: String?
    @Option(help: "Frames per second of the animated scene's clock (with --scene).") var fps = 60.0
    @Option(help: "With --scene: this many of its root's text layers show the frame number as their string (a label counting up).")
    var countText = 0
    @Flag(help: "Draw each frame with damage tracking (IncrementalRenderer), redrawing only what changed.")
    var incremental = false

    func validate() throws {
        guard frames >= 200, frames <= 10_000_000 else { throw ValidationError("--frames must be 200…10000000") }
        guard settleFrame >= 1, settleFrame < frames else { throw ValidationError("--settle must be at least 1 and below --frames") }
        guard tolerance >= 0, tolerance.isFinite else { throw ValidationError("--tolerance must be ≥ 0") }
        guard every >= 0 else { throw ValidationError("--every must be ≥ 0") }
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must be in (0, 4]") }
        guard fps > 0, fps.isFinite else { throw ValidationError("--fps must be a number > 0") }
        guard countText >= 0 else { throw ValidationError("--count-text must be ≥ 0") }
        guard countText == 0 || scene != nil else { throw ValidationError("--count-text needs --scene") }
    }

    /// The baseline frame: `--settle`, else a tenth of the frames and at least frame 100.
    var settleFrame: Int { settle ?? max(100, frames / 10) }

    func run() throws {
        var passed = true
        try FailureReporting.run {
            let source = try frameSource()
            let choices: [BackendChoice] = backend == .both ? [.gpu, .cpu] : [backend]
            for choice in choices {
                // One backend at a time, released before the next starts, so each one's memory is its own.
                passed = try soak(try choice.makeBackends()[0], source) && passed
            }
        }
        if !passed { throw ExitCode.failure }
    }

    /// What is sampled at one frame.
    struct Sample {
        var frame: Int
        var residentMB: Double
        var objects: GLObjectCounts?
        /// The part of `objects` held by caches bounded by bytes.
        var cached: GLObjectCounts?
        var rasterCache: CacheStatistics
    }

    /// What is drawn: a description and the scene of each frame (numbered from 0).
    struct FrameSource {
        var description: String
        var frame: (Int) -> Scene
    }

    func frameSource() throws -> FrameSource {
        guard let scene else {
            var soakScene = SoakScene()
            soakScene.scale = scale
            return FrameSource(description: "\(Int(soakScene.width))×\(Int(soakScene.height)) points at scale \(soakScene.scale), \(soakScene.cardCount) cards + mask, group, rasterized and shadowPath layers; one card, the mask, the group opacity and the rasterized content change every frame",
                               frame: soakScene.frame)
        }
        let loaded = try SceneLoading.load(scene, scale: scale == 1 ? nil : scale, assets: nil)
        let animated = loaded.scene
        let counting = BenchAnimation(count: 0, frames: frames, countingTexts: countText)
        let counters = counting.counting(in: animated)
        if countText > 0 && counters.isEmpty { throw ValidationError("--count-text: \(scene) has no text layer among its root's sublayers") }
        let labels = counters.isEmpty ? "" : ", \(counters.count) label\(counters.count == 1 ? "" : "s") counting the frames"
        let kind = animated.hasInfiniteAnimation ? "an infinite animation" : "animations ending at \(animated.lastAnimationEnd.map { Format.number($0) } ?? "0") s"
        return FrameSource(description: "\(scene): \(Format.number(animated.width))×\(Format.number(animated.height)) points at scale \(animated.scale), \(kind), sampled at \(Format.number(fps)) frames per second\(labels)",
                           frame: { n in
                               var s = animated
                               s.time = Double(n) / fps
                               for i in counters { s.root.sublayers[i].text?.string = BenchAnimation.counter(n) }
                               return s
                           })
    }

    func soak(_ backend: any RenderBackend, _ source: FrameSource) throws -> Bool {
        let name = backend.name
        let whole = IncrementalRenderer(backend: backend)
        let live = IncrementalRenderer(backend: backend)
        let progress = ProgressBar(total: frames)
        var baseline: Sample?, peakMB = 0.0, frameMs = 0.0, planMs = 0.0
        var settled: [Sample] = []
        let start = DispatchTime.now()
        say("soak \(name): \(frames) frames of \(source.description)\(incremental ? ", drawn incrementally" : "")")
        for i in 1...frames {
            let drawn: Bitmap?
            if incremental {
                drawn = try live.render(source.frame(i - 1), readBack: true).bitmap
                frameMs += live.lastTimings.total
                planMs += live.lastTimings.total - live.lastTimings.execute - live.lastTimings.readBack
            } else {
                drawn = try whole.renderWhole(source.frame(i - 1), readBack: true)
                frameMs += whole.lastTimings.total
                planMs += whole.lastTimings.plan
            }
            guard drawn != nil else { throw RenderError(.internal, "\(name): frame \(i) read back no pixels") }
            progress.advance(name)
            guard i == settleFrame || i == frames || (every > 0 && i % every == 0) else { continue }
            let s = sample(backend, frame: i)
            peakMB = max(peakMB, s.residentMB)
            if i == settleFrame { baseline = s }
            if i >= settleFrame { settled.append(s) }
            if every > 0 || i == frames { progress.finish(); say(line(s, elapsed: start)) }
        }
        progress.finish()
        guard let first = baseline else { return false }
        let last = sample(backend, frame: frames)
        let growth = (last.residentMB - first.residentMB) / first.residentMB * 100
        let memoryOK = growth <= tolerance
        let objectsOK = Self.uncached(first) == Self.uncached(last) || Self.noUpwardTrend(settled.compactMap(Self.uncached))
        say(String(format: "soak %@: RSS frame %d %.1f MB → frame %d %.1f MB (%+.1f %%, limit %.0f %%), peak sampled %.1f MB; mean frame %.2f ms (plan %.2f ms)",
                     name, first.frame, first.residentMB, last.frame, last.residentMB, growth, tolerance, peakMB,
                     frameMs / Double(frames), planMs / Double(frames)))
        if let a = first.objects, let b = last.objects {
            say("soak \(name): GL objects frame \(first.frame): \(a) → frame \(last.frame): \(b)")
        }
        if let a = Self.uncached(first), let b = Self.uncached(last), let c = last.cached {
            say("soak \(name): outside byte-bounded caches frame \(first.frame): \(a) → frame \(last.frame): \(b); in them at the end: \(c)")
        }
        say("soak \(name): raster cache \(last.rasterCache)")
        let verdict = memoryOK && objectsOK
        say("soak \(name): \(verdict ? "PASS" : "FAIL")\(memoryOK ? "" : " (memory grew)")\(objectsOK ? "" : " (GL object counts changed)")")
        return verdict
    }

    /// A sample's GL objects outside the caches bounded by bytes.
    static func uncached(_ s: Sample) -> GLObjectCounts? {
        guard let all = s.objects else { return nil }
        let c = s.cached ?? GLObjectCounts()
        return GLObjectCounts(textures: all.textures - c.textures, framebuffers: all.framebuffers - c.framebuffers)
    }

    /// Whether GL object counts sampled from the settle frame on stay within what the first half of the
    /// samples reached (a cache that evicts as it adds cycles; a leak climbs). Needs four samples.
    static func noUpwardTrend(_ counts: [GLObjectCounts]) -> Bool {
        guard counts.count >= 4 else { return false }
        let half = counts.count / 2
        let early = counts[..<half], late = counts[half...]
        return late.map(\.textures).max()! <= early.map(\.textures).max()!
            && late.map(\.framebuffers).max()! <= early.map(\.framebuffers).max()!
    }

    /// Prints a line and flushes it at once, so progress shows when stdout is a file or a pipe.
    func say(_ line: String) {
        print(line)
        fflush(nil)
    }

    func sample(_ backend: any RenderBackend, frame: Int) -> Sample {
        let gpu = backend as? GLESBackend
        return Sample(frame: frame, residentMB: ProcessUsage.residentMB(), objects: gpu?.liveObjectCounts,
                      cached: gpu?.cachedObjectCounts, rasterCache: backend.rasterCacheStatistics)
    }

    func line(_ s: Sample, elapsed start: DispatchTime) -> String {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let cached = s.cached.map { " (\($0.textures) textures in caches)" } ?? ""
        let objects = s.objects.map { ", GL \($0)\(cached)" } ?? ""
        return String(format: "  frame %6d  RSS %7.1f MB%@  (%.0f s)", s.frame, s.residentMB, objects, seconds)
    }
}
