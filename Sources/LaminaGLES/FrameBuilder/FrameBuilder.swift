import Lamina

/// Builds GPU frames as data: walks a plan (`PlanWalk`, with `FrameWalk`), decides how each command is drawn
/// — culled against the opaque pass, batched, fused, collapsed into a card, placed in an atlas page,
/// replayed from an earlier frame — and appends the clears, draws and flushes as steps (`GPUStep`), handing
/// them to `issue` whenever they must be drawn before the frame can go on: at each flush, before a target's
/// pixels are read, before a glyph atlas layer that pending draws read is emptied, and at the frame's end.
///
/// It calls no GL: programs are named by `ProgramKey`, and targets and textures come from `GPUResources`,
/// whose objects are made by a `GPUObjects`. The GPU backend builds with the context's objects and issues
/// the steps with `FrameIssuer`; a test can build with `SymbolicObjects` and read the steps.
final class FrameBuilder {
    /// What frames are drawn with, kept across frames.
    let resources: GPUResources
    /// The context's limits and extensions (texture size, float filtering, destination fetch).
    let info: GLESInfo
    /// The draw strategy switches, applied from the next frame with their prerequisites resolved.
    var options: GLESOptions
    /// Combined draws since the counts were last reset (for tests and profiling).
    var counts = DrawCounts()
    var recorded = RecordedDraws()
    /// The steps of the frame being built.
    var steps = FrameSteps()
    /// Whether `build` keeps every step of its frame in `lastFrameSteps`.
    var keepsFrameSteps = false
    /// The steps of the last frame built while `keepsFrameSteps` was on.
    var lastFrameSteps: [GPUStep] = []
    /// The canvas draws queued in this frame, and the draws of the atlas page being drawn.
    var batches = CanvasBatches()
    var pageBatches = CanvasBatches()
    /// What the last plan's preparation found, reused while the plan stays the same.
    var lastPreparation: PlanPreparation?
    private let issue: ([GPUStep]) -> Void

    /// The frame flushes after every this many commands (see `FlushPacer`, `FrameIssuer`): llvmpipe keeps
    /// every draw of a flush binned per tile, with a copy of its shader state (tens of kB) per draw, until it
    /// rasterizes them. Measured on cards-1000 and cards-5000 at scale 2: 64 commands kept peak memory near
    /// what per-group flushes gave, 256 and 1024 added 20–40 MB and more, with no gain in speed.
    static let commandsPerFlush = 64

    /// A builder drawing with `resources` within `info`'s limits; `issue` receives the steps as they must
    /// be drawn.
    init(resources: GPUResources, info: GLESInfo, options: GLESOptions, issue: @escaping ([GPUStep]) -> Void) {
        self.resources = resources
        self.info = info
        self.options = options
        self.issue = issue
    }

    /// Builds the frame of `plan` onto the canvas (cleared whole, or only `region` of it when the canvas is
    /// the one of the previous frame), handing every step to `issue`; `drawn` runs after the last step was
    /// handed over, before the frame's borrowed targets and textures are given back.
    func build(_ plan: RenderPlan, region: DamageRegion?, drawn: () -> Void = {}) throws {
        frame += 1
        let previous = self.canvas
        let canvas = try resources.canvasTarget(width: plan.width, height: plan.height)
        steps = FrameSteps(keep: keepsFrameSteps)
        batches = CanvasBatches()
        pageBatches = CanvasBatches()
        if let region, previous == canvas {
            emit(.clear(canvas, rects: region.rects.map { QuadPiece(x0: $0.x, y0: $0.y, x1: $0.x + $0.width, y1: $0.y + $0.height) },
                        color: plan.clearColor))
        } else {
            emit(.clear(canvas, rects: nil, color: plan.clearColor))
        }
        let strategies = DrawStrategies(options, linearFloatTextures: info.linearFloatTextures)
        let preparation = try prepare(plan, strategies: strategies)
        let planWalk = PlanWalk(plan, surfaces: preparation.surfaces, releasePoints: preparation.releasable,
                                layers: preparation.drawnLayers)
        var walk = FrameWalk(builder: self, plan: plan, state: FrameState(canvas: canvas, strategies: strategies,
                                                                         preparation: preparation, walk: planWalk))
        defer { resources.finishFrame(&walk.state) }
        recorded.check(evictions: releases.evictions)
        if let visibility = preparation.visibility { drawOpaquePass(visibility.opaqueInstances, target: canvas) }
        if let atlas = preparation.atlas { try preparePages(for: atlas) }
        try planWalk.walk(&walk)
        flushBatches()
        issuePending()
        lastFrameSteps = steps.kept ?? []
        drawn()
    }

    /// The last frame built while `keepsFrameSteps` was on, as text: each pass's target, then its clears and
    /// draws (program, quads, texture units, blending) and the flushes between them.
    var lastFrameDescription: String {
        var names: [UInt32: String] = [:]
        if let canvas { names[canvas.framebuffer] = "canvas \(canvas.width)×\(canvas.height)" }
        for (i, page) in atlasPages.enumerated() { names[page.framebuffer] = "atlas page \(i) \(page.width)×\(page.height)" }
        for (i, framebuffer) in resources.textRuns.framebuffers.enumerated() { names[framebuffer] = "text run cache layer \(i)" }
        return FrameStepsDescription(steps: lastFrameSteps, names: names).description
    }

    /// Hands the steps built so far to `issue`. Called at each flush, at the frame's end, and before work on
    /// the resources that cannot wait for the steps before it: reading a target's pixels, emptying a glyph
    /// atlas layer that pending draws read, deleting a texture they may name.
    func issuePending() {
        issue(steps.takePending())
    }
}
