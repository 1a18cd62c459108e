import Foundation

/// Renders frames of scenes on one backend, as an app redraws: the plan of an unchanged scene is
/// reused, so a second frame costs no planning. Keeps the timings of the last frame.
public final class SceneRenderer {
    public let backend: any RenderBackend
    /// What one frame may use (see `MemoryBudget`); nil renders without a limit.
    public var budget: MemoryBudget?
    private var lastScene: Scene?
    private var lastPlan: RenderPlan?

    /// Timings of the last frame, in milliseconds.
    public struct FrameTimings: Sendable {
        /// Planning (0 when the plan was reused).
        public var plan: Double = 0
        /// Executing the plan on the backend, until the backend reports completion.
        public var execute: Double = 0
        /// Reading the canvas back into memory.
        public var readBack: Double = 0
        public var planReused = false
        public var total: Double { plan + execute + readBack }
    }

    public private(set) var lastTimings = FrameTimings()

    public init(backend: any RenderBackend, budget: MemoryBudget? = .machineDefault) {
        self.backend = backend
        self.budget = budget
    }

    /// The plan of `scene`, reused when the scene equals the previous frame's.
    public func plan(for scene: Scene) throws -> RenderPlan {
        if let lastPlan, let lastScene, lastScene == scene {
            lastTimings.planReused = true
            lastTimings.plan = 0
            return lastPlan
        }
        let start = DispatchTime.now()
        let plan = try LargeStack.run(levels: scene.root.depth) { [budget] in try RenderPlanner.plan(scene, budget: budget) }
        lastTimings.plan = Self.milliseconds(since: start)
        lastTimings.planReused = false
        lastScene = scene
        lastPlan = plan
        return plan
    }

    /// Renders one frame; with `readBack` false the pixels stay in the backend (returns nil).
    @discardableResult
    public func render(_ scene: Scene, readBack: Bool = true) throws -> Bitmap? {
        lastTimings = FrameTimings()
        let plan = try plan(for: scene)
        var start = DispatchTime.now()
        try backend.execute(plan)
        lastTimings.execute = Self.milliseconds(since: start)
        guard readBack else { return nil }
        start = DispatchTime.now()
        let bitmap = try backend.readBack()
        lastTimings.readBack = Self.milliseconds(since: start)
        return bitmap
    }

    static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }
}
