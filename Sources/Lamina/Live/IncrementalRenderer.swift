import Foundation

/// Renders a sequence of frames on one backend: the one frame driver of the CLI, the bench, the presenters'
/// frame sources and the live tree. A frame is drawn whole (`renderWhole`, reusing the plan of an unchanged
/// scene, as an app redraws) or only where it changed (`render`).
///
/// Each incremental frame's damage (`SceneDamage`, or one given by the caller, e.g. a retained `LayerTree`) limits the
/// plan (`RenderPlan.restricted(to:)`) and the backend draws only the damaged pixels of its retained
/// canvas. The canvas after every frame equals a full redraw of that frame's scene. The first frame, and
/// the frame after an error or `invalidate()`, is drawn whole. Use from one thread at a time.
public final class IncrementalRenderer {
    public let backend: any RenderBackend
    /// What one frame may use (see `MemoryBudget`); nil renders without a limit.
    public var budget: MemoryBudget?
    /// How damage is grouped for drawing.
    public var redrawPolicy = RedrawPolicy.standard
    private var lastScene: Scene?
    /// The plan of the last frame drawn whole, and its scene, for redrawing an unchanged scene without planning.
    private var lastWhole: (scene: Scene, plan: RenderPlan)?
    /// The canvas as last read back, updated in the damage of each frame.
    private var canvas: Bitmap?
    /// The tree whose frames this renderer draws (see `render(_ tree:)`).
    weak var source: LayerTree?

    /// One drawn frame.
    public struct Frame {
        /// The whole canvas after the frame (nil when not read back).
        public var bitmap: Bitmap?
        /// The pixels this frame redrew.
        public var damage: DamageRegion
    }

    /// Where the last frame's time went, in milliseconds.
    public struct Timings: Sendable {
        /// Sampling an animated scene's animations at its time (`Scene.presentation(at:)`).
        public var present: Double = 0
        public var damage: Double = 0
        public var plan: Double = 0
        /// Limiting the plan to the damage (0 when the frame was drawn whole).
        public var restrict: Double = 0
        public var execute: Double = 0
        public var readBack: Double = 0
        /// The rest of the call: releasing the previous frame's scene.
        public var other: Double = 0
        /// Whether a frame drawn whole reused the last plan (`plan` is then 0).
        public var planReused = false
        public var total: Double { present + damage + plan + restrict + execute + readBack + other }
    }

    public private(set) var lastTimings = Timings()

    /// The canvas size of the last frame drawn, in pixels; nil before the first.
    public var canvasSize: (width: Int, height: Int)? { lastScene.map { ($0.pixelWidth, $0.pixelHeight) } }

    public init(backend: any RenderBackend, budget: MemoryBudget? = .machineDefault) {
        self.backend = backend
        self.budget = budget
    }

    /// Forgets the retained canvas: the next frame is drawn whole.
    public func invalidate() {
        lastScene = nil
        canvas = nil
    }

    /// Draws every pixel of `scene` (an animated scene as its still at `scene.time` is planned so), reusing
    /// the plan of the last frame drawn whole when the scene is equal to its scene; with `readBack` false
    /// the pixels stay in the backend (returns nil). Later incremental frames redraw what differs from it.
    @discardableResult
    public func renderWhole(_ scene: Scene, readBack: Bool = true) throws -> Bitmap? {
        lastTimings = Timings()
        lastScene = nil
        canvas = nil
        let plan: RenderPlan
        if let lastWhole, lastWhole.scene == scene {
            lastTimings.planReused = true
            plan = lastWhole.plan
        } else {
            let start = DispatchTime.now()
            plan = try self.plan(scene, region: nil)
            lastTimings.plan = Self.milliseconds(since: start)
            lastWhole = (scene, plan)
        }
        var start = DispatchTime.now()
        try backend.execute(plan)
        lastTimings.execute = Self.milliseconds(since: start)
        lastScene = scene
        guard readBack else { return nil }
        start = DispatchTime.now()
        canvas = try backend.readBack()
        lastTimings.readBack = Self.milliseconds(since: start)
        return canvas
    }

    /// Draws `scene` (an animated scene as its still at `scene.time`), redrawing what differs from the
    /// previous frame's scene.
    @discardableResult
    public func render(_ scene: Scene, readBack: Bool = true) throws -> Frame {
        source = nil
        let sampling = DispatchTime.now()
        defer { lastTimings.other = Self.remainder(since: sampling, of: lastTimings) }
        let scene = scene.hasAnimations ? try LargeStack.run(levels: scene.root.depth) { scene.presentation(at: scene.time) } : scene
        let present = Self.milliseconds(since: sampling)
        let start = DispatchTime.now()
        let damage = SceneDamage.between(lastScene, scene)
        let ms = Self.milliseconds(since: start)
        var frame = try render(scene, damage: damage, readBack: readBack)
        lastTimings.present = present
        lastTimings.damage = ms
        frame.damage = damage
        return frame
    }

    /// Draws `scene`, redrawing only `damage`, which must hold every pixel where this scene differs from
    /// the previous frame's (the whole canvas is drawn when there was no previous frame). The pixels drawn
    /// are grouped as the redraw policy says; the frame reports `damage`.
    @discardableResult
    public func render(_ scene: Scene, damage given: DamageRegion, readBack: Bool = true) throws -> Frame {
        let began = DispatchTime.now()
        lastTimings = Timings()
        defer { lastTimings.other = Self.remainder(since: began, of: lastTimings) }
        let full = lastScene == nil || lastScene.map { $0.pixelWidth != scene.pixelWidth || $0.pixelHeight != scene.pixelHeight } ?? true
        let damage = full ? DamageRegion.full(width: scene.pixelWidth, height: scene.pixelHeight) : given
        let drawn = full || damage.isEmpty ? nil : redrawPolicy.drawnRegion(for: damage)
        lastScene = nil
        if full { canvas = nil }
        if !damage.isEmpty {
            var start = DispatchTime.now()
            var plan = try self.plan(scene, region: drawn)
            lastTimings.plan = Self.milliseconds(since: start)
            if let drawn {
                start = DispatchTime.now()
                plan = try plan.restricted(to: drawn, limitingOffscreens: backend.drawsOffscreensInPart)
                lastTimings.restrict = Self.milliseconds(since: start)
            }
            start = DispatchTime.now()
            try backend.execute(plan, region: drawn)
            lastTimings.execute = Self.milliseconds(since: start)
        }
        lastScene = scene
        guard readBack else {
            canvas = nil
            return Frame(bitmap: nil, damage: damage)
        }
        let start = DispatchTime.now()
        if var bitmap = canvas {
            canvas = nil
            try backend.readBack(damage, into: &bitmap)
            canvas = bitmap
        } else {
            canvas = try backend.readBack()
        }
        lastTimings.readBack = Self.milliseconds(since: start)
        return Frame(bitmap: canvas, damage: damage)
    }

    /// The plan of `scene` within the frame's budget, leaving out what misses `region` (nil: the whole canvas).
    private func plan(_ scene: Scene, region: DamageRegion?) throws -> RenderPlan {
        try LargeStack.run(levels: scene.root.depth) { [budget] in try RenderPlanner.plan(scene, budget: budget, region: region) }
    }

    /// The milliseconds since `start`.
    static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    /// The milliseconds since `start` not counted in `timings`' other parts.
    private static func remainder(since start: DispatchTime, of timings: Timings) -> Double {
        max(0, Self.milliseconds(since: start) - (timings.total - timings.other))
    }
}
