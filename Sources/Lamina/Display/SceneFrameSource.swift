/// A `FrameSource` that draws a scene on any `RenderBackend` through an `IncrementalRenderer`: each frame
/// redraws only what changed since the last one, and its damage is what the renderer redrew.
///
/// The scene for a time and canvas comes from a closure (an app moving layers, or a v1.1 scene with its
/// clock advanced; animated scenes are drawn as their presentation at their `time`). A still source renders
/// once per canvas size and then reports empty damage.
public final class SceneFrameSource: FrameSource {
    /// The scene to show at a time (seconds since the loop started) on a canvas of the given pixels.
    public typealias SceneAt = (_ time: Double, _ width: Int, _ height: Int, _ scale: Int) throws -> Scene

    /// Seconds (from the loop's start) until which frames can change; 0 = still, `.infinity` = forever.
    public let animatesFor: Double
    private var lastTime = -Double.infinity
    private let renderer: IncrementalRenderer
    private let sceneAt: SceneAt
    private var last: Bitmap?
    /// Whether frames are read back into bitmaps (false: they stay on the backend's canvas, for a
    /// `WindowSwapchain` that copies them into the window on the GPU).
    public let readsBack: Bool
    private var lastSize: (width: Int, height: Int)?

    /// - Parameters:
    ///   - backend: the renderer that draws each frame (incrementally, through an `IncrementalRenderer`).
    ///   - animatesFor: until when (seconds from the first frame) `sceneAt` gives different scenes at
    ///     different times: 0 for a still scene, `.infinity` for one that animates forever. The first
    ///     frame at or after that time is still drawn, so the final state is shown.
    ///   - budget: the memory one frame may use (see `MemoryBudget`); nil renders without a limit.
    ///   - readsBack: false to leave each frame on the backend's canvas (see `readsBack`).
    ///   - sceneAt: the scene to show at a time (seconds from the first frame) for a canvas size and scale.
    public init(backend: any RenderBackend, animatesFor: Double, budget: MemoryBudget? = nil, readsBack: Bool = true,
                sceneAt: @escaping SceneAt) {
        renderer = IncrementalRenderer(backend: backend, budget: budget)
        self.animatesFor = animatesFor
        self.sceneAt = sceneAt
        self.readsBack = readsBack
    }

    /// A source playing `scene` from its `time` on, resized to the window (see
    /// `Scene.fitted(width:height:scale:contentScale:)`); the planner samples its animations at the advanced
    /// `time`. `contentScale` pixels per window point (the scene's own scale, for a window sized in the
    /// scene's pixels) multiply the output's scale.
    public convenience init(backend: any RenderBackend, fitting scene: Scene, contentScale: Double = 1,
                            budget: MemoryBudget? = nil, readsBack: Bool = true) {
        let animatesFor: Double
        if !scene.hasAnimations {
            animatesFor = 0
        } else if scene.hasInfiniteAnimation {
            animatesFor = .infinity
        } else {
            animatesFor = max(0, (scene.lastAnimationEnd ?? scene.time) - scene.time)
        }
        self.init(backend: backend, animatesFor: animatesFor, budget: budget, readsBack: readsBack) { t, w, h, s in
            var fitted = scene.fitted(width: w, height: h, scale: s, contentScale: contentScale)
            fitted.time = scene.time + t
            return fitted
        }
    }

    public var isAnimating: Bool { animatesFor > 0 && lastTime < animatesFor }

    public func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame {
        defer { lastTime = max(lastTime, time) }
        let whole = [PixelRect(x: 0, y: 0, width: width, height: height)]
        let resized = lastSize.map { $0.width != width || $0.height != height } ?? true
        if !resized, animatesFor == 0 || lastTime >= animatesFor {
            return last.map { SourceFrame(bitmap: $0, damage: []) } ?? SourceFrame(width: width, height: height, damage: [])
        }
        lastSize = (width, height)
        let frame = try renderer.render(try sceneAt(time, width, height, scale), readBack: readsBack)
        guard readsBack else {
            return SourceFrame(leftOnCanvasOf: renderer, damage: frame.damage, width: width, height: height, redrawAll: resized)
        }
        guard var bitmap = frame.bitmap else { throw RenderError(.internal, "the incremental renderer read nothing back") }
        var damage = resized ? whole : frame.damage.rects
        if bitmap.width != width || bitmap.height != height {
            bitmap = Self.placed(bitmap, width: width, height: height)
            damage = whole
        }
        last = bitmap
        return SourceFrame(bitmap: bitmap, damage: damage)
    }

    /// The bitmap at the top-left of a transparent canvas of the given size (rounding can leave a
    /// scene's pixel size one off the window's).
    static func placed(_ b: Bitmap, width: Int, height: Int) -> Bitmap {
        var out = Bitmap(width: width, height: height)
        out.copy(PixelRect(x: 0, y: 0, width: b.width, height: b.height), from: b)
        return out
    }
}

extension Scene {
    /// The scene on a window of `width × height` pixels at `scale` pixels per point: the canvas takes the
    /// window's size in points and the output's scale, times `contentScale` (scene pixels per window point).
    /// A root layer whose frame spans the canvas follows it (its frame becomes the new canvas), so what is
    /// laid out against the root re-lays out; any other root keeps its frame.
    public func fitted(width pixelWidth: Int, height pixelHeight: Int, scale: Int, contentScale: Double = 1) -> Scene {
        var s = self
        let (width, height) = (self.width, self.height)
        let pixelsPerPoint = Double(scale) * contentScale
        let points = Size(Double(pixelWidth) / pixelsPerPoint, Double(pixelHeight) / pixelsPerPoint)
        s.width = points.width
        s.height = points.height
        s.scale = pixelsPerPoint
        let r = root
        let origin = Point(r.position.x - r.anchorPoint.x * r.bounds.size.width,
                           r.position.y - r.anchorPoint.y * r.bounds.size.height)
        let spansCanvas = origin.x == 0 && origin.y == 0 && r.affineTransform == .identity
            && r.bounds.size.width == width && r.bounds.size.height == height
        guard spansCanvas else { return s }
        s.root.bounds.size = points
        s.root.position = Point(r.anchorPoint.x * points.width, r.anchorPoint.y * points.height)
        return s
    }
}
