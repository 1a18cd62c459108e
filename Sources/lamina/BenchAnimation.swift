import Lamina

/// The frames an animated bench draws: a scene's own animations sampled at `fps` frames a second
/// (`Scene.presentation(at:)`); for a scene without animations and `--animate N`, the scene with N of its
/// root's sublayers changing from frame to frame, half moving across the canvas (`position`), half
/// fading (`opacity`), spread evenly over the root's sublayers; with `countingTexts` N, N of the root's text
/// sublayers (spread evenly over them) show the frame number as their string.
struct BenchAnimation {
    let count: Int
    let frames: Int
    var countingTexts = 0
    var fps = 60.0

    /// How many layers animate in `scene`'s frames.
    func animatedCount(in scene: Scene) -> Int {
        guard scene.hasAnimations else { return Set(animated(in: scene) + counting(in: scene)).count }
        var n = 0, stack = [scene.root]
        while let l = stack.popLast() {
            if !l.animations.isEmpty { n += 1 }
            stack += l.sublayers
            if let m = l.mask { stack.append(m) }
        }
        return n
    }

    /// The root's text sublayers whose string counts the frames.
    func counting(in scene: Scene) -> [Int] {
        let texts = scene.root.sublayers.indices.filter { scene.root.sublayers[$0].text != nil }
        guard !texts.isEmpty, countingTexts > 0 else { return [] }
        let k = min(countingTexts, texts.count)
        return (0..<k).map { texts[$0 * texts.count / k] }
    }

    /// The string a counting text layer shows at frame `index`.
    static func counter(_ index: Int) -> String { "Frame \(index)" }

    /// The root sublayers that animate.
    func animated(in scene: Scene) -> [Int] {
        let n = scene.root.sublayers.count
        guard n > 0, count > 0 else { return [] }
        let k = min(count, n)
        return (0..<k).map { $0 * n / k }
    }

    /// Frame `index` of `scene` as an app hands it to a renderer: an animated scene with its clock at the
    /// frame's time (the renderer samples the animations, `IncrementalRenderer.Timings.present`), else `scene(_:frame:)`.
    func timedScene(_ scene: Scene, frame index: Int) -> Scene {
        guard scene.hasAnimations else { return self.scene(scene, frame: index) }
        var s = scene
        s.time = scene.time + Double(index) / fps
        return s
    }

    /// Frame `index` (0…frames) of the animation of `scene`.
    func scene(_ scene: Scene, frame index: Int) -> Scene {
        if scene.hasAnimations { return scene.presentation(at: scene.time + Double(index) / fps) }
        var s = scene
        for change in changes(to: scene, frame: index) {
            s.root.sublayers[change.index].position = change.position
            s.root.sublayers[change.index].opacity = change.opacity
        }
        for i in counting(in: scene) { s.root.sublayers[i].text?.string = Self.counter(index) }
        return s
    }

    /// For a scene without animations, the `--animate` state of frame `index`: each animated root
    /// sublayer's position and opacity (half of them moving, half fading).
    func changes(to scene: Scene, frame index: Int) -> [(index: Int, position: Point, opacity: Double)] {
        let t = frames > 0 ? Double(index) / Double(frames) : 0
        return animated(in: scene).enumerated().map { j, i in
            let layer = scene.root.sublayers[i]
            return j % 2 == 0
                ? (i, Point(layer.position.x + t * scene.width * 0.5, layer.position.y), layer.opacity)
                : (i, layer.position, layer.opacity * (1 - 0.9 * t))
        }
    }
}
