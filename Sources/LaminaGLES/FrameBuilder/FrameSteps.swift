/// The steps of the GPU frame being built: those not issued yet and, when kept, every step of the frame
/// (for tests and for reading what a frame does). The builder appends; the backend hands the pending steps
/// to `FrameIssuer` at each flush, before anything it does on the GL side at once (reading pixels, emptying
/// a glyph atlas layer, deleting a texture) and when the frame ends.
struct FrameSteps {
    /// A run of consecutive steps onto one framebuffer: one pass of the frame.
    struct Pass {
        /// The target of the pass's first step (an atlas page's steps name its regions).
        let target: RenderTarget
        var steps: [GPUStep]
    }

    private(set) var pending: [GPUStep] = []
    /// Every step of the frame so far; nil unless kept.
    var kept: [GPUStep]?
    /// Draw steps made so far (`FlushPacer` counts each as a draw call).
    private(set) var draws = 0

    /// Starts a frame; its steps are kept when `keep` is set.
    init(keep: Bool = false) {
        kept = keep ? [] : nil
    }

    mutating func append(_ step: GPUStep) {
        if case .draw = step { draws += 1 }
        pending.append(step)
        kept?.append(step)
    }

    /// The pending steps, in order; none are pending afterwards.
    mutating func takePending() -> [GPUStep] {
        var taken: [GPUStep] = []
        swap(&taken, &pending)
        return taken
    }

    /// The passes of a frame's steps (flushes belong to no pass).
    static func passes(of steps: [GPUStep]) -> [Pass] {
        var passes: [Pass] = []
        for step in steps {
            guard let target = step.target else { continue }
            if let last = passes.last, last.target.framebuffer == target.framebuffer {
                passes[passes.count - 1].steps.append(step)
            } else {
                passes.append(Pass(target: target, steps: [step]))
            }
        }
        return passes
    }
}
