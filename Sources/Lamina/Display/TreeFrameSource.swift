/// A `FrameSource` showing a retained `LayerTree`: an app attaches its tree to a window (any `Presenter`)
/// and runs the `FrameLoop`. Before each frame `update` is called with the frame's time, as a display link
/// would (move layers, add animations); the tree's animations play at that time. Each frame redraws only
/// the damage the tree's changes and animations recorded (`IncrementalRenderer`).
///
/// The canvas follows the window: its size in points and the output's scale; a root whose frame spans the
/// canvas is resized with it (what is laid out against the root re-lays out, as `Scene.fitted` does).
/// Use the tree, the source and the loop from one thread.
public final class TreeFrameSource: FrameSource {
    public let tree: LayerTree
    /// Called before each frame with its time (seconds since the loop started).
    public var update: ((LayerTree, Double) -> Void)?
    private let renderer: IncrementalRenderer
    private let clock = ManualFrameClock()
    private let origin: Double
    private var lastTime = -Double.infinity
    private var size: (width: Int, height: Int, scale: Int)?
    /// Whether frames are read back into bitmaps (false: they stay on the backend's canvas, for a
    /// `WindowSwapchain` that copies them into the window on the GPU).
    public let readsBack: Bool

    /// - Parameters:
    ///   - tree: the live tree to show; its clock is driven by the frame loop's times.
    ///   - backend: the renderer that draws each frame (incrementally, through an `IncrementalRenderer`).
    ///   - startTime: the tree's animation time of the loop's first frame.
    ///   - budget: the memory one frame may use (see `MemoryBudget`); nil renders without a limit.
    ///   - readsBack: false to leave each frame on the backend's canvas (see `readsBack`).
    ///   - update: called before each frame with the tree and the frame's time, to change layers.
    public init(tree: LayerTree, backend: any RenderBackend, startTime: Double = 0, budget: MemoryBudget? = .machineDefault,
                readsBack: Bool = true, update: ((LayerTree, Double) -> Void)? = nil) {
        self.tree = tree
        self.update = update
        self.readsBack = readsBack
        origin = startTime
        renderer = IncrementalRenderer(backend: backend, budget: budget)
        tree.clock = clock
    }

    /// True while the tree has changes to show or animations that are not over (and while an `update`
    /// closure may change it at any frame).
    public var isAnimating: Bool {
        if update != nil || tree.hasChanges { return true }
        let scene = tree.committedScene
        guard scene.hasAnimations else { return false }
        return scene.hasInfiniteAnimation || lastTime + origin <= (scene.lastAnimationEnd ?? -.infinity)
    }

    public func frame(at time: Double, width: Int, height: Int, scale: Int) throws -> SourceFrame {
        lastTime = max(lastTime, time)
        if size.map({ $0 != (width, height, scale) }) ?? true { fit(width: width, height: height, scale: scale) }
        update?(tree, time)
        clock.set(origin + time)
        let frame = try renderer.render(tree, readBack: readsBack)
        guard readsBack else {
            return SourceFrame(leftOnCanvasOf: renderer, damage: frame.damage, width: width, height: height, redrawAll: false)
        }
        guard let bitmap = frame.bitmap else { throw RenderError(.internal, "the incremental renderer read nothing back") }
        guard bitmap.width == width, bitmap.height == height else {
            return SourceFrame(bitmap: SceneFrameSource.placed(bitmap, width: width, height: height),
                               damage: [PixelRect(x: 0, y: 0, width: width, height: height)])
        }
        return SourceFrame(bitmap: bitmap, damage: frame.damage.rects)
    }

    private func fit(width: Int, height: Int, scale: Int) {
        let fitted = tree.scene.fitted(width: width, height: height, scale: scale)
        tree.begin(disableActions: true)
        tree.width = fitted.width
        tree.height = fitted.height
        tree.scale = fitted.scale
        tree.root.bounds = fitted.root.bounds
        tree.root.position = fitted.root.position
        tree.commit()
        size = (width, height, scale)
    }
}
