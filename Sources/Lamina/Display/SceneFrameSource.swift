/// A `FrameSource` that renders a scene whole for every frame that can differ, on any `RenderBackend`.
///
/// The scene for a time and canvas comes from a closure (an app moving layers, or a v1.1 scene with its
/// clock advanced). A still source renders once per canvas size and then reports empty damage; an
/// animated one renders every frame and finds its damage with `TileDamage` until the renderer reports its
/// own.
public final class SceneFrameSource: FrameSource {
    /// The scene to show at a time (seconds since the loop started) on a canvas of the given pixels.
    public typealias SceneAt = (_ time: Double, _ width: Int, _ height: Int, _ scale: Int) throws -> Scene

    /// Seconds (from the loop's start) until which frames can change; 0 = still, `.infinity` = forever.
    public let animatesFor: Double
    private var lastTime = -Double.infinity
    private let backend: any RenderBackend
    private let sceneAt: SceneAt
    private let plan: (Scene) throws -> RenderPlan
    private let tile: Int
    private var last: Bitmap?

    /// - Parameters:
    ///   - animatesFor: until when (seconds from the first frame) `sceneAt` gives different scenes at
    ///     different times: 0 for a still scene, `.infinity` for one that animates forever. The first
    ///     frame at or after that time is still drawn, so the final state is shown.
    ///   - tile: side of the tiles `TileDamage` compares.
    ///   - plan: turns a scene into a plan (default: `RenderPlanner.plan`).
    public init(backend: any RenderBackend, animatesFor: Double, tile: Int = 32,
                plan: @escaping (Scene) throws -> RenderPlan = { try RenderPlanner.plan($0) },
                sceneAt: @escaping SceneAt) {
        self.backend = backend
        self.animatesFor = animatesFor
        self.sceneAt = sceneAt
        self.plan = plan
        self.tile = tile
    }

    /// A source playing `scene` from its `time` on, resized to the window (see
    /// `Scene.fitted(width:height:scale:)`); the planner samples its animations at the advanced `time`.
    public convenience init(backend: any RenderBackend, fitting scene: Scene,
                            plan: @escaping (Scene) throws -> RenderPlan = { try RenderPlanner.plan($0) }) {
        let animatesFor: Double
        if !scene.hasAnimations {
            animatesFor = 0
        } else if scene.hasInfiniteAnimation {
            animatesFor = .infinity
        } else {
            animatesFor = max(0, (scene.lastAnimationEnd ?? scene.time) - scene.time)
        }
        self.init(backend: backend, animatesFor: animatesFor, plan: plan) { t, w, h, s in
            var fitted = scene.fitted(width: w, height: h, scale: s)
            fitted.time = scene.time + t
            return fitted
        }
    }

    public var isAnimating: Bool { animatesFor > 0 && lastTime < animatesFor }

    public func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame {
        defer { lastTime = max(lastTime, time) }
        if animatesFor == 0 || lastTime >= animatesFor, let last, last.width == width, last.height == height {
            return SourceFrame(bitmap: last, damage: [])
        }
        let scene = try sceneAt(time, width, height, scale)
        var bitmap = try backend.render(try plan(scene))
        if bitmap.width != width || bitmap.height != height {
            bitmap = Self.placed(bitmap, width: width, height: height)
        }
        let damage = TileDamage.between(last, bitmap, tile: tile)
        last = bitmap
        return SourceFrame(bitmap: bitmap, damage: damage)
    }

    /// The bitmap at the top-left of a transparent canvas of the given size (rounding can leave a
    /// scene's pixel size one off the window's).
    static func placed(_ b: Bitmap, width: Int, height: Int) -> Bitmap {
        var out = Bitmap(width: width, height: height)
        for y in 0..<min(height, b.height) {
            let n = min(width, b.width) * 4
            out.pixels.replaceSubrange(y * width * 4..<y * width * 4 + n, with: b.pixels[y * b.width * 4..<y * b.width * 4 + n])
        }
        return out
    }
}

extension Scene {
    /// The scene on a window of `width × height` pixels at `scale` pixels per point: the canvas takes the
    /// window's size in points and the output's scale. A root layer whose frame spans the canvas follows
    /// it (its frame becomes the new canvas), so what is laid out against the root re-lays out; any other
    /// root keeps its frame.
    public func fitted(width pixelWidth: Int, height pixelHeight: Int, scale: Int) -> Scene {
        var s = self
        let (width, height) = (self.width, self.height)
        let points = Size(Double(pixelWidth) / Double(scale), Double(pixelHeight) / Double(scale))
        s.width = points.width
        s.height = points.height
        s.scale = Double(scale)
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
