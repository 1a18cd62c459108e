import Lamina

extension FrameBuilder {
    /// The most taps `blur_pass.frag` holds (`u_weights`); BlurRecipe keeps at most 97 (σ 16 per low-resolution pixel).
    static let maxBlurWeights = 100
    /// The largest block one downsampling pass averages; larger factors (powers of two) take several passes,
    /// the mean of equal blocks' means being the block's mean. (One pass of 512 × 512 fetches a pixel came out
    /// wrong on llvmpipe.)
    static let maxDownsampleStep = 16

    func draw(_ shadow: BlurredShadow, state: inout FrameState) throws {
        guard !shadow.color.isTransparent, state.visiblePieces()?.isEmpty != true else { return }
        flushBeforeDirectDraw(state)
        let source: (texture: UInt32, width: Int, height: Int, channel: [Float])
        switch shadow.source {
        case .offscreen(let id):
            guard let target = state.content[id] else { return }
            source = (target.texture, target.width, target.height, [0, 0, 0, 1])
        case .mask(let mask):
            guard mask.width > 0, mask.height > 0 else { return }
            source = (try resources.maskTexture(mask, frameTextures: &state.temporaryTextures), mask.width, mask.height, [1, 0, 0, 0])
        }
        let recipe = BlurRecipe(sigma: max(shadow.sigma, 0))
        guard recipe.weights.count <= Self.maxBlurWeights else {
            throw GLESError.unsupported("a blur of \(recipe.weights.count) taps (σ \(shadow.sigma)); blur_pass.frag holds \(Self.maxBlurWeights)")
        }
        var blurred = (texture: source.texture, channel: source.channel)
        var scratch: [RenderTarget] = []
        defer { for t in scratch { pool.release(t, frame: frame) } }
        let f = recipe.factor
        var done = 1, width = source.width, height = source.height
        while done < f {
            let step = min(f / done, Self.maxDownsampleStep)
            width = (width + step - 1) / step
            height = (height + step - 1) / step
            let t = try pool.acquire(width: width, height: height, format: blurFormat, objects: objects)
            scratch.append(t)
            emit(pass(ProgramKey(.blurDownsample), input: blurred.texture, into: t,
                      uniforms: [.array("u_channel", blurred.channel, components: 4), .int("u_factor", step)]))
            blurred = (t.texture, [1, 0, 0, 0])
            done *= step
        }
        if recipe.radius > 0 {
            for direction in [(1, 0), (0, 1)] {
                let t = try pool.acquire(width: width, height: height, format: blurFormat, objects: objects)
                scratch.append(t)
                emit(pass(ProgramKey(.blurPass), input: blurred.texture, into: t,
                          uniforms: [.int("u_radius", recipe.radius), .array("u_weights", recipe.weights, components: 1),
                                     .array("u_channel", blurred.channel, components: 4),
                                     .ivec2("u_direction", direction.0, direction.1)]))
                blurred = (t.texture, [1, 0, 0, 0])
            }
        }
        let ox = Double(shadow.origin.x) + shadow.offset.x, oy = Double(shadow.origin.y) + shadow.offset.y
        let uniforms: [ShaderUniform] = [.array("u_channel", blurred.channel, components: 4),
                                         .vec2("u_origin", Float(ox), Float(oy)), .float("u_factor", Float(f)),
                                         .color("u_color", shadow.color)]
        try drawQuad(.variant(.blurComposite, for: shadow.clip), uniforms: uniforms,
                     textures: [.init(unit: 0, texture: blurred.texture)],
                     bounds: shadow.drawnBounds(sourceWidth: source.width, sourceHeight: source.height),
                     visible: state.visiblePieces(), clip: shadow.clip, target: state.current)
    }

    func draw(_ maskFill: MaskFill, state: inout FrameState) throws {
        guard !maskFill.color.isTransparent, maskFill.mask.width > 0, maskFill.mask.height > 0,
              state.visiblePieces()?.isEmpty != true else { return }
        flushBeforeDirectDraw(state)
        let texture = try resources.maskTexture(maskFill.mask, frameTextures: &state.temporaryTextures)
        let bounds = Rect(Double(maskFill.origin.x), Double(maskFill.origin.y),
                          Double(maskFill.mask.width), Double(maskFill.mask.height))
        try drawQuad(.variant(.maskFill, for: maskFill.clip),
                     uniforms: [.ivec2("u_origin", maskFill.origin.x, maskFill.origin.y), .color("u_color", maskFill.color)],
                     textures: [.init(unit: 1, texture: texture)], bounds: bounds, visible: state.visiblePieces(),
                     clip: maskFill.clip, target: state.current)
    }

    /// One full-target blur pass reading `input` on unit 0, storing without blending.
    private func pass(_ program: ProgramKey, input: UInt32, into target: RenderTarget, uniforms: [ShaderUniform]) -> GPUDraw {
        GPUDraw(program: program, target: target,
                uniforms: uniforms + [.vec2("u_targetSize", Float(target.width), Float(target.height))],
                textures: [.init(unit: 0, texture: input)],
                quads: .one(QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)), blending: false)
    }
}
