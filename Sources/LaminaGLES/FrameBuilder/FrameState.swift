import Lamina

/// What one `execute` call tracks while it builds the frame: the plan's preparation and walk, where commands
/// draw, the contents of offscreens, and what to give back when the frame ends.
struct FrameState {
    /// The draw strategies of this frame (`GLESOptions` with their prerequisites resolved).
    let strategies: DrawStrategies
    /// What was worked out from the plan before drawing (`PlanPreparation`): visible pieces, offscreen needs,
    /// the atlas, cards, collapsed groups, shadowed fills, text run keys.
    let preparation: PlanPreparation
    /// The walk through the plan (its offscreen tree and release points).
    let walk: PlanWalk
    /// The canvas of this frame.
    let canvas: RenderTarget
    /// The target commands draw into now (the canvas or the innermost open offscreen).
    var current: RenderTarget
    /// Open offscreens, innermost last.
    var stack: [OffscreenID] = []
    /// The pixels of every offscreen begun so far (rendered this frame or taken from the raster cache).
    var content: [OffscreenID: RenderTarget] = [:]
    /// Targets borrowed from the pool for this frame.
    var pooled: [RenderTarget] = []
    /// Textures that live for this frame only (uploaded masks, blur weights, offscreen mip chains).
    var temporaryTextures: [UInt32] = []
    /// Mip-chain textures made from offscreens for trilinear sampling, by offscreen.
    var offscreenMips: [OffscreenID: ImageTextureCache.Entry] = [:]
    /// The index of the command being drawn.
    var commandIndex = 0
    /// Says when to flush the frame's steps.
    var pacer = FlushPacer(interval: FrameBuilder.commandsPerFlush)
    /// The atlas page whose batch of offscreens is being drawn (their draws are queued for it).
    var atlasPage: RenderTarget?
    /// The atlas batches drawn so far.
    var drawnBatches = Set<Int>()
    /// A border command already painted by a fused shadow–fill draw (skipped when reached).
    var fusedBorder: Int?

    init(canvas: RenderTarget, strategies: DrawStrategies, preparation: PlanPreparation, walk: PlanWalk) {
        self.canvas = canvas
        self.strategies = strategies
        self.preparation = preparation
        self.walk = walk
        current = canvas
    }

    /// The canvas-level commands' visible pieces when the plan is culled on the CPU (see `CanvasPieces`).
    var visibility: CanvasPieces? { preparation.visibility }
    /// Whether the opaque pass has painted the interiors of the canvas-level opaque fills (so their
    /// own draws skip them): whenever the frame has visible pieces.
    var culling: Bool { visibility != nil }
    /// Offscreens placed in atlas pages (see `OffscreenAtlas`; the pages are `FrameBuilder.atlasPages`).
    var atlas: OffscreenAtlas? { preparation.atlas }

    /// The pieces of the current command that reach the final image; nil when it is not culled that way.
    func visiblePieces() -> ArraySlice<QuadPiece>? {
        guard let visibility else { return nil }
        guard let innermost = stack.last else { return visibility.pieces(of: commandIndex) }
        return preparation.offscreenNeeds[innermost].map { $0[...] }
    }
}
