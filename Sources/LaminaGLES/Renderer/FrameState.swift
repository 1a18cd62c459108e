import CGLES3
import Lamina

/// What one `execute` call tracks: where commands draw, the contents of offscreens, and what to give
/// back when the frame ends.
struct FrameState {
    /// The target commands draw into now (the canvas or the innermost open offscreen).
    var current: RenderTarget
    /// The canvas of this frame.
    let canvas: RenderTarget
    /// Open offscreens, innermost last.
    var stack: [OffscreenID] = []
    /// The pixels of every offscreen begun so far (rendered this frame or taken from the raster cache).
    var content: [OffscreenID: RenderTarget] = [:]
    /// Targets borrowed from the pool for this frame.
    var pooled: [RenderTarget] = []
    /// Textures that live for this frame only (uploaded masks, blur weights, offscreen mip chains).
    var temporaryTextures: [GLuint] = []
    /// Mip-chain textures made from offscreens for trilinear sampling, by offscreen.
    var offscreenMips: [OffscreenID: ImageTextureCache.Entry] = [:]
    /// Whether the opaque pass has painted the interiors of the canvas-level opaque fills (so their
    /// own draws skip them): whenever the frame has visible pieces.
    var culling: Bool { visibility != nil }
    /// The walk through the plan (its offscreen tree and release points).
    var walk: PlanWalk?
    /// The plan's offscreen tree (`PlanPreparation.surfaces`).
    var surfaces = SurfaceTree.empty
    /// The plan's layers whose closed-form shadow is followed by a fill (`PlanPreparation.shadowedFills`).
    var shadowedFills = ShadowedFills.empty

    /// The index of the command being drawn.
    var commandIndex = 0
    /// The canvas-level commands' visible pieces when the plan is culled on the CPU (see `CanvasPieces`).
    var visibility: CanvasPieces?

    /// Offscreens drawn only in part, with the texels they need (see `offscreenNeeds(of:visibility:)`).
    var offscreenNeeds: [OffscreenID: [QuadPiece]] = [:]

    /// Offscreens placed in atlas pages (see `OffscreenAtlas`; the pages are `GLESBackend.atlasPages`).
    var atlas: OffscreenAtlas?
    /// Says when to flush the frame's steps.
    var pacer = FlushPacer(interval: GLESBackend.commandsPerFlush)
    /// The atlas page whose batch of offscreens is being drawn (their draws are queued for it).
    var atlasPage: RenderTarget?
    /// The atlas batches drawn so far.
    var drawnBatches = Set<Int>()
    /// Opacity groups drawn without their offscreen, by the index of their `beginOffscreen` (see `CollapsedCard`).
    var collapsedCards: [Int: CollapsedCard] = [:]
    /// Canvas-level cards with an image, by the index of their shadow (see `CardDraw`).
    var cards: [Int: CardDraw] = [:]
    /// The keys of the plan's glyph runs (`PlanPreparation.textRunKeys`).
    var textRunKeys = TextRunKeys()
    /// A border command already painted by a fused shadow–fill draw (skipped when reached).
    var fusedBorder: Int?

    /// The pieces of the current command that reach the final image; nil when it is not culled that way.
    func visiblePieces() -> ArraySlice<QuadPiece>? {
        guard let visibility else { return nil }
        guard let innermost = stack.last else { return visibility.pieces(of: commandIndex) }
        return offscreenNeeds[innermost].map { $0[...] }
    }

    init(canvas: RenderTarget) {
        self.canvas = canvas
        current = canvas
    }
}
