import CGLES3
import Lamina

extension GLESBackend {
    /// The most taps `blur_pass.frag` holds (`u_weights`); BlurRecipe keeps at most 97 (σ 16 per low-resolution pixel).
    static let maxBlurWeights = 100
    /// The largest block one downsampling pass averages; larger factors (powers of two) take several passes,
    /// the mean of equal blocks' means being the block's mean. (One pass of 512 × 512 fetches a pixel came out
    /// wrong on llvmpipe.)
    static let maxDownsampleStep = 16

    func draw(_ shadow: BlurredShadow, state: inout FrameState) throws {
        guard !shadow.color.isTransparent, state.visiblePieces()?.isEmpty != true else { return }
        flushBeforeDirectDraw(state)
        let source: (texture: GLuint, width: Int, height: Int, channel: [Float])
        switch shadow.source {
        case .offscreen(let id):
            guard let target = state.content[id] else { return }
            source = (target.texture, target.width, target.height, [0, 0, 0, 1])
        case .mask(let mask):
            guard mask.width > 0, mask.height > 0 else { return }
            source = (try upload(mask, state: &state), mask.width, mask.height, [1, 0, 0, 0])
        }
        let recipe = BlurRecipe(sigma: max(shadow.sigma, 0))
        guard recipe.weights.count <= Self.maxBlurWeights else {
            throw GLESError.unsupported("a blur of \(recipe.weights.count) taps (σ \(shadow.sigma)); blur_pass.frag holds \(Self.maxBlurWeights)")
        }
        var blurred = (texture: source.texture, channel: source.channel)
        var scratch: [RenderTarget] = []
        defer {
            for t in scratch { pool.release(t, frame: frame) }
            glEnable(GLenum(GL_BLEND))
            state.current.bind()
        }
        let f = recipe.factor
        glDisable(GLenum(GL_BLEND))
        glDisable(GLenum(GL_SCISSOR_TEST))
        var done = 1, width = source.width, height = source.height
        let downsample = programs.blurDownsample
        if f > 1 { downsample.use() }
        while done < f {
            let step = min(f / done, Self.maxDownsampleStep)
            width = (width + step - 1) / step
            height = (height + step - 1) / step
            let t = try pool.acquire(width: width, height: height, format: blurFormat, objects: objects)
            scratch.append(t)
            downsample.set("u_channel", vec4Array: blurred.channel)
            downsample.set("u_factor", step)
            runPass(downsample, input: blurred.texture, into: t)
            blurred = (t.texture, [1, 0, 0, 0])
            done *= step
        }
        if recipe.radius > 0 {
            let p = programs.blurPass
            p.use()
            p.set("u_radius", recipe.radius)
            p.set("u_weights", floatArray: recipe.weights)
            for direction in [(1, 0), (0, 1)] {
                let t = try pool.acquire(width: width, height: height, format: blurFormat, objects: objects)
                scratch.append(t)
                p.set("u_channel", vec4Array: blurred.channel)
                p.set("u_direction", int: direction.0, direction.1)
                runPass(p, input: blurred.texture, into: t)
                blurred = (t.texture, [1, 0, 0, 0])
            }
        }
        glEnable(GLenum(GL_BLEND))
        state.current.bind()
        let p = programs.blurComposite.program(for: shadow.clip)
        p.use()
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), blurred.texture)
        let ox = Double(shadow.origin.x) + shadow.offset.x, oy = Double(shadow.origin.y) + shadow.offset.y
        p.set("u_channel", vec4Array: blurred.channel)
        p.set("u_origin", Float(ox), Float(oy))
        p.set("u_factor", Float(f))
        let c = ShaderValues.color(shadow.color)
        p.set("u_color", c.0, c.1, c.2, c.3)
        try drawQuad(p, bounds: shadow.drawnBounds(sourceWidth: source.width, sourceHeight: source.height),
                     visible: state.visiblePieces(), clip: shadow.clip, target: state.current)
    }

    func draw(_ maskFill: MaskFill, state: inout FrameState) throws {
        guard !maskFill.color.isTransparent, maskFill.mask.width > 0, maskFill.mask.height > 0,
              state.visiblePieces()?.isEmpty != true else { return }
        flushBeforeDirectDraw(state)
        let texture = try upload(maskFill.mask, state: &state)
        state.current.bind()
        let p = programs.maskFill.program(for: maskFill.clip)
        p.use()
        glActiveTexture(GLenum(GL_TEXTURE1))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        p.set("u_origin", int: maskFill.origin.x, maskFill.origin.y)
        let c = ShaderValues.color(maskFill.color)
        p.set("u_color", c.0, c.1, c.2, c.3)
        let bounds = Rect(Double(maskFill.origin.x), Double(maskFill.origin.y),
                          Double(maskFill.mask.width), Double(maskFill.mask.height))
        try drawQuad(p, bounds: bounds, visible: state.visiblePieces(), clip: maskFill.clip, target: state.current)
    }

    /// One full-target blur pass (blending and scissor off) reading `input` on unit 0.
    private func runPass(_ program: ShaderProgram, input: GLuint, into target: RenderTarget) {
        target.bind()
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), input)
        program.set("u_targetSize", Float(target.width), Float(target.height))
        glVertexAttrib4f(0, 0, 0, Float(target.width), Float(target.height))
        instanceStream.drawStrip()
    }

    /// An AlphaMask as an R8 texture: kept across frames for a mask with an identity (`MaskTextureCache`),
    /// else living for this frame.
    private func upload(_ mask: AlphaMask, state: inout FrameState) throws -> GLuint {
        guard mask.width <= info.maxTextureSize, mask.height <= info.maxTextureSize else {
            throw GLESError.unsupported("\(mask) exceeds GL_MAX_TEXTURE_SIZE \(info.maxTextureSize)")
        }
        if let identity = mask.identity, let kept = device.maskTextures.texture(for: identity) { return kept }
        let texture = objects.makeTexture()
        state.temporaryTextures.append(texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        mask.alpha.withUnsafeBytes { bytes in
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(mask.width), GLsizei(mask.height), 0,
                         GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try GLCheck.noError("glTexImage2D(R8 \(mask))")
        if let identity = mask.identity {
            state.temporaryTextures.removeLast()
            device.maskTextures.insert(texture, for: identity, bytes: mask.alpha.count)
        }
        return texture
    }
}
