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
    /// own draws skip them).
    var culling = false
    /// Offscreens whose pixels no command reads after the command at that index (see `lastReads(of:)`).
    var releasable: [Int: [OffscreenID]] = [:]

    init(canvas: RenderTarget) {
        self.canvas = canvas
        current = canvas
    }
}
