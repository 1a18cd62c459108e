import Dispatch
import Lamina

/// `lamina bench --animate`: the frames of an animation drawn twice on one backend, first with damage
/// tracking (`IncrementalRenderer`), then each frame fully (plan and draw, as an app without damage tracking);
/// with `verify`, every incremental frame is compared with a full redraw on a second backend of the kind.
struct BenchIncremental {
    var frameMs: [Double] = []
    var incrementalMs: [Double] = []
    var incrementalPlanMs: [Double] = []
    var incrementalExecuteMs: [Double] = []
    var incrementalReadBackMs: [Double] = []
    /// Each incremental frame's `IncrementalRenderer.Timings` parts before drawing, by name.
    var phases: [String: [Double]] = [:]
    var fractions: [Double] = []
    var maxDiff: Int?

    static func measure(_ scene: Scene, animation: BenchAnimation, backend: any RenderBackend,
                        verifier: (any RenderBackend)?, throughTree: Bool = false, policy: RedrawPolicy,
                        progress: ProgressBar) throws -> BenchIncremental {
        var r = BenchIncremental()
        if throughTree {
            try measureThroughTree(scene, animation: animation, backend: backend, verifier: verifier, policy: policy,
                                   progress: progress, into: &r)
        } else {
            try measureIncremental(scene, animation: animation, backend: backend, verifier: verifier, policy: policy,
                                   progress: progress, into: &r)
        }
        let full = IncrementalRenderer(backend: backend)
        for i in 0...animation.frames {
            let sampling = DispatchTime.now()
            let s = animation.scene(scene, frame: i)
            let sampled = Double(DispatchTime.now().uptimeNanoseconds - sampling.uptimeNanoseconds) / 1e6
            try full.renderWhole(s, readBack: true)
            if i > 0 { r.frameMs.append(sampled + full.lastTimings.total) }
            progress.advance()
        }
        return r
    }

    /// The incremental frames of `measure`, drawn first, so that no cache holds what the full redraws of
    /// the same frames would leave there (shadow tables of animated radii, textures).
    static func measureIncremental(_ scene: Scene, animation: BenchAnimation, backend: any RenderBackend,
                                   verifier: (any RenderBackend)?, policy: RedrawPolicy, progress: ProgressBar,
                                   into r: inout BenchIncremental) throws {
        let incremental = IncrementalRenderer(backend: backend)
        incremental.redrawPolicy = policy
        let check = verifier.map { IncrementalRenderer(backend: $0) }
        for i in 0...animation.frames {
            let frame = try incremental.render(animation.timedScene(scene, frame: i), readBack: true)
            if i > 0 {
                r.incrementalMs.append(incremental.lastTimings.total)
                r.incrementalPlanMs.append(incremental.lastTimings.total - incremental.lastTimings.execute - incremental.lastTimings.readBack)
                r.incrementalExecuteMs.append(incremental.lastTimings.execute)
                r.incrementalReadBackMs.append(incremental.lastTimings.readBack)
                r.record(incremental.lastTimings)
                r.fractions.append(frame.damage.fraction)
            }
            if let check, let drawn = frame.bitmap, let reference = try check.renderWhole(animation.scene(scene, frame: i), readBack: true) {
                r.maxDiff = max(r.maxDiff ?? 0, maxDifference(drawn, reference))
            }
            progress.advance()
        }
    }

    /// Appends the parts of one frame's timings that `incrementalPlanMs` sums.
    mutating func record(_ t: IncrementalRenderer.Timings) {
        for (name, ms) in [("present", t.present), ("damage", t.damage), ("plan", t.plan), ("restrict", t.restrict), ("other", t.other)] {
            phases[name, default: []].append(ms)
        }
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0..<p.count { worst = max(worst, abs(Int(p[i]) - Int(q[i]))) }
            }
        }
        return worst
    }

    static func median(_ values: [Double]) -> Double { Stats(values).median }
}
