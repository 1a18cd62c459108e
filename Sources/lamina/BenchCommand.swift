import ArgumentParser
import Foundation
import Lamina
import LaminaGLES
import LaminaPNG

/// `lamina bench SCENE…`: renders each scene repeatedly in one renderer per backend, as an app redraws,
/// and reports per-frame medians (wall clock and process CPU time), plan time and peak memory.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Benchmark rendering of scenes on the GPU and/or CPU path.")

    @Argument(help: "Scene JSON files.") var scenes: [String]
    @Option(help: "gpu, cpu or both.") var backend: BackendChoice = .both
    @Option(help: "Timed frames per scene and backend.") var frames = 20
    @Option(help: "Untimed frames first.") var warmup = 3
    @Option(help: "Pixels per point; overrides the scenes' scale.") var scale: Double?
    @Flag(help: "Print one JSON document instead of a table.") var json = false
    @Option(help: "Draw the results as a bar chart PNG.") var chart: String?
    @Option(help: ArgumentHelp("In scenes without animations, animate this many top-level layers (half moving, half fading) over the frames.",
                               discussion: "A scene with animations (or --animate N) is drawn frame by frame at 60 fps, fully (frameMs, plan included) and with damage tracking (incrementalFrameMs, damagedFraction)."))
    var animate = 0
    @Option(help: "In scenes without animations, this many text layers among the root's sublayers show a counter: their string changes every frame.")
    var countText = 0
    @Flag(help: "On animated scenes: compare every incremental frame with a full redraw (incrementalMaxDiff).") var verify = false
    @Flag(help: "On animated scenes: draw the incremental frames through a retained LayerTree (live layers changed, or animations played at a clock), not from scene values.")
    var tree = false
    @Option(help: "On animated scenes: redraw the damage as at most this many rects (default: 32, see lamina info).")
    var damageRects: Int?
    @Option(help: "On animated scenes: redraw the whole canvas once the damage covers this share of it (0…1; above 1 never; default: 1/3).")
    var fullRedrawAbove: Double?

    func validate() throws {
        guard frames >= 1, frames <= 100_000 else { throw ValidationError("--frames must be 1…100000") }
        guard warmup >= 0, warmup <= 10_000 else { throw ValidationError("--warmup must be 0…10000") }
        if let s = scale, !(s > 0 && s.isFinite) { throw ValidationError("--scale must be a number > 0") }
        guard animate >= 0 else { throw ValidationError("--animate must be ≥ 0") }
        guard countText >= 0 else { throw ValidationError("--count-text must be ≥ 0") }
        if let n = damageRects, n < 1 { throw ValidationError("--damage-rects must be ≥ 1") }
        if let f = fullRedrawAbove, !(f >= 0 && f.isFinite) { throw ValidationError("--full-redraw-above must be a number ≥ 0") }
    }

    func run() throws {
        try FailureReporting.run {
            if let chart { try OutputFile.check(chart) }
            var results: [BenchResult] = []
            let progress = ProgressBar(total: scenes.count * (backend == .both ? 2 : 1) * (frames + warmup + 2 * frames + 2), enabled: !json)
            for path in scenes {
                let scene = try SceneLoading.load(path, scale: scale, assets: nil).scene
                for b in try backend.makeBackends() {
                    results.append(try measure(scene: scene, name: path, backend: b, progress: progress))
                }
            }
            progress.finish()
            if json {
                print(BenchResult.json(results))
            } else {
                print(BenchResult.table(results))
            }
            if let chart { try PNGEncoder.write(try BenchChart.render(results), to: chart) }
        }
    }

    func measure(scene: Scene, name: String, backend: any RenderBackend, progress: ProgressBar) throws -> BenchResult {
        let renderer = IncrementalRenderer(backend: backend)
        var firstPlan = 0.0, secondPlan = 0.0
        var withRead: [Double] = [], withoutRead: [Double] = [], cpu: [Double] = []
        for i in 0..<(warmup + frames) {
            let cpuBefore = ProcessUsage.cpuMilliseconds()
            try renderer.renderWhole(scene, readBack: true)
            let cpuUsed = ProcessUsage.cpuMilliseconds() - cpuBefore
            let t = renderer.lastTimings
            if i == 0 { firstPlan = t.plan } else if i == 1 { secondPlan = t.plan }
            if i >= warmup { withRead.append(t.total); cpu.append(cpuUsed) }
            progress.advance()
        }
        for _ in 0..<frames {
            try renderer.renderWhole(scene, readBack: false)
            withoutRead.append(renderer.lastTimings.execute)
        }
        var result = BenchResult(scene: URL(fileURLWithPath: name).lastPathComponent, backend: backend.name,
                           width: scene.pixelWidth, height: scene.pixelHeight,
                           frameMs: Stats(withRead), executeMs: Stats(withoutRead), cpuMs: Stats(cpu),
                           firstPlanMs: firstPlan, secondPlanMs: secondPlan,
                           peakRSSMB: ProcessUsage.peakResidentMB(), scale: scene.scale)
        if let gpu = backend as? GLESBackend, gpu.glyphAtlasStatistics.bytes > 0 {
            let g = gpu.glyphAtlasStatistics
            result.glyphAtlas = .init(bytes: g.bytes, glyphs: g.glyphs, evictions: g.evictions, uploads: g.uploads)
            let r = gpu.textRunCacheStatistics
            if r.bytes > 0 { result.textRunCache = .init(bytes: r.bytes, runs: r.runs, evictions: r.evictions, renders: r.renders) }
        }
        guard animate > 0 || countText > 0 || scene.hasAnimations else { return result }
        let verifier = verify ? try BackendChoice(rawValue: backend.name)?.makeBackends().first : nil
        var policy = RedrawPolicy.standard
        if let damageRects { policy.maxRects = damageRects }
        if let fullRedrawAbove { policy.fullRedrawFraction = fullRedrawAbove }
        let m = try BenchIncremental.measure(scene, animation: BenchAnimation(count: animate, frames: frames, countingTexts: countText), backend: backend,
                                             verifier: verifier, throughTree: tree, policy: policy, progress: progress)
        result.redrawPolicy = policy.description
        result.animatedLayers = BenchAnimation(count: animate, frames: frames, countingTexts: countText).animatedCount(in: scene)
        result.frameMs = Stats(m.frameMs)
        result.incrementalFrameMs = Stats(m.incrementalMs)
        result.incrementalPlanMs = Stats(m.incrementalPlanMs)
        result.incrementalExecuteMs = Stats(m.incrementalExecuteMs)
        result.incrementalReadBackMs = Stats(m.incrementalReadBackMs)
        result.incrementalPhasesMs = m.phases.mapValues { Stats($0).median }
        result.damagedFraction = Stats(m.fractions).median
        result.incrementalMaxDiff = m.maxDiff
        result.retainedTree = tree ? true : nil
        result.peakRSSMB = ProcessUsage.peakResidentMB()
        return result
    }
}
