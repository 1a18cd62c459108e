import Dispatch
import Lamina

extension BenchIncremental {
    /// The incremental frames of `measure`, drawn through a retained `LayerTree` as an app holding live
    /// layers draws them: the scene's own animations played by the tree at a manual clock's time, or the
    /// `--animate` changes made to the live layers' `position` and `opacity`. A frame's time is the whole
    /// `IncrementalRenderer.render(_ tree:)` call (the tree's damage and snapshot included).
    static func measureThroughTree(_ scene: Scene, animation: BenchAnimation, backend: any RenderBackend,
                                   verifier: (any RenderBackend)?, progress: ProgressBar, into r: inout BenchIncremental) throws {
        let tree = LayerTree(scene: scene)
        let clock = ManualFrameClock(scene.time)
        if scene.hasAnimations { tree.clock = clock }
        let animated = scene.hasAnimations ? [] : animation.animated(in: scene)
        let start = animated.map { (position: scene.root.sublayers[$0].position, opacity: scene.root.sublayers[$0].opacity) }
        let incremental = IncrementalRenderer(backend: backend)
        let check = verifier.map { SceneRenderer(backend: $0) }
        for i in 0...animation.frames {
            let t = animation.frames > 0 ? Double(i) / Double(animation.frames) : 0
            clock.set(scene.time + Double(i) / animation.fps)
            for (j, index) in animated.enumerated() {
                let layer = tree.root.sublayers[index]
                if j % 2 == 0 {
                    layer.position = Point(start[j].position.x + t * scene.width * 0.5, start[j].position.y)
                } else {
                    layer.opacity = start[j].opacity * (1 - 0.9 * t)
                }
            }
            let began = DispatchTime.now()
            let frame = try incremental.render(tree, readBack: true)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e6
            if i > 0 {
                r.incrementalMs.append(ms)
                r.incrementalPlanMs.append(ms - incremental.lastTimings.execute - incremental.lastTimings.readBack)
                r.incrementalExecuteMs.append(incremental.lastTimings.execute)
                r.incrementalReadBackMs.append(incremental.lastTimings.readBack)
                r.fractions.append(frame.damage.fraction)
            }
            if let check, let drawn = frame.bitmap, let reference = try check.render(animation.scene(scene, frame: i), readBack: true) {
                r.maxDiff = max(r.maxDiff ?? 0, maxDifference(drawn, reference))
            }
            progress.advance()
        }
    }
}
