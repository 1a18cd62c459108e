import Dispatch
import Lamina

extension BenchIncremental {
    /// The incremental frames of `measure`, drawn through a retained `LayerTree` as an app holding live
    /// layers draws them: the scene's own animations played by the tree at a manual clock's time, or the
    /// `--animate` changes made to the live layers' `position` and `opacity`. A frame's time is the whole
    /// `IncrementalRenderer.render(_ tree:)` call (the tree's damage and snapshot included).
    static func measureThroughTree(_ scene: Scene, animation: BenchAnimation, backend: any RenderBackend,
                                   verifier: (any RenderBackend)?, policy: RedrawPolicy, progress: ProgressBar,
                                   into r: inout BenchIncremental) throws {
        let tree = LayerTree(scene: scene)
        let clock = ManualFrameClock(scene.time)
        if scene.hasAnimations { tree.clock = clock }
        let animated = !scene.hasAnimations
        let incremental = IncrementalRenderer(backend: backend)
        incremental.redrawPolicy = policy
        let check = verifier.map { IncrementalRenderer(backend: $0) }
        for i in 0...animation.frames {
            clock.set(scene.time + Double(i) / animation.fps)
            for change in animated ? animation.changes(to: scene, frame: i) : [] {
                tree.root.sublayers[change.index].position = change.position
                tree.root.sublayers[change.index].opacity = change.opacity
            }
            for index in animated ? animation.counting(in: scene) : [] {
                var text = tree.root.sublayers[index].text
                text?.string = BenchAnimation.counter(i)
                tree.root.sublayers[index].text = text
            }
            let began = DispatchTime.now()
            let frame = try incremental.render(tree, readBack: true)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e6
            if i > 0 {
                r.incrementalMs.append(ms)
                r.incrementalPlanMs.append(ms - incremental.lastTimings.execute - incremental.lastTimings.readBack)
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
}
