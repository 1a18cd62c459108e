/// A `FrameSource` that renders a scene whole for every frame that can differ, on any `RenderBackend`.
///
/// The scene for a time and canvas comes from a closure (an app moving layers, or a scene sampled at a
/// time). A still source renders once per canvas size and then reports empty damage; an animated one
/// renders every frame and finds its damage with `TileDamage` until the renderer reports its own.
public final class SceneFrameSource: FrameSource {
    /// The scene to show at a time (seconds since the loop started) on a canvas of the given pixels.
    public typealias SceneAt = (_ time: Double, _ width: Int, _ height: Int, _ scale: Int) throws -> Scene

    public let isAnimating: Bool
    private let backend: any RenderBackend
    private let sceneAt: SceneAt
    private let plan: (Scene) throws -> RenderPlan
    private let tile: Int
    private var last: Bitmap?

    /// - Parameters:
    ///   - animating: whether `sceneAt` gives different scenes at different times.
    ///   - tile: side of the tiles `TileDamage` compares.
    ///   - plan: turns a scene into a plan (default: `RenderPlanner.plan`).
    public init(backend: any RenderBackend, animating: Bool, tile: Int = 32,
                plan: @escaping (Scene) throws -> RenderPlan = { try RenderPlanner.plan($0) },
                sceneAt: @escaping SceneAt) {
        self.backend = backend
        self.isAnimating = animating
        self.sceneAt = sceneAt
        self.plan = plan
        self.tile = tile
    }

    /// A source showing `scene` resized to the window: see `Scene.fitted(width:height:scale:)`.
    public convenience init(backend: any RenderBackend, fitting scene: Scene,
                            plan: @escaping (Scene) throws -> RenderPlan = { try RenderPlanner.plan($0) }) {
        self.init(backend: backend, animating: false, plan: plan) { _, w, h, s in scene.fitted(width: w, height: h, scale: s) }
    }

    public func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame {
        if !isAnimating, let last, last.width == width, last.height == height {
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
