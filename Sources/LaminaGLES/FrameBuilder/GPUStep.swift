import Lamina

/// One step of a GPU frame, as a plain value: what the frame builder decided, in the order `FrameIssuer`
/// issues it. A frame is a list of steps (`FrameSteps`); the passes of WebRender's frames are its runs of
/// steps onto one target (`FrameSteps.passes`).
enum GPUStep {
    /// Clears the target's framebuffer to `color`: these rectangles of it (framebuffer pixels), or all of
    /// it when nil.
    case clear(RenderTarget, rects: [QuadPiece]?, color: PremultipliedColor)
    /// One draw call.
    case draw(GPUDraw)
    /// Hands the driver the steps issued so far, behind a fence, and waits while too many flushes are still
    /// being rasterized (`FlushPacer`).
    case flush

    /// The target the step writes, nil for a flush.
    var target: RenderTarget? {
        switch self {
        case .clear(let target, _, _): target
        case .draw(let draw): draw.target
        case .flush: nil
        }
    }
}
