import Lamina

extension FrameBuilder {
    func draw(_ image: ImageDraw, plan: RenderPlan, state: inout FrameState) throws {
        guard image.opacity > 0, !image.destination.isEmpty, let inverse = image.transform.inverted else { return }
        let trilinear: Bool
        let lod: Double
        if case .trilinear(let l) = image.sampling { trilinear = true; lod = l } else { trilinear = false; lod = 0 }
        guard let source = try texture(of: image.source, trilinear: trilinear, plan: plan, state: &state) else { return }
        var mask: ImageTextureCache.Entry?
        if let m = image.mask {
            guard let entry = try texture(of: .offscreen(m), trilinear: trilinear, plan: plan, state: &state) else { return }
            mask = entry
        }
        let bounds = image.transform.coverageBounds(of: image.destination)
        let (window, clamp) = FrameBuilder.sourceWindow(of: image.source, state: state)
        let s = image.sourceRect
        let sourceRect = [window[0] + Float(s.minX) * window[2], window[1] + Float(s.minY) * window[3],
                          Float(s.width) * window[2], Float(s.height) * window[3]]
        if mask == nil, !trilinear, source.levels == 1, FrameBuilder.staysForTheFrame(image.source, state: state),
           batching(state), let p = ProgramKey.instanced(.instancedImage, for: image.clip) {
            var parameters = InstanceParameters(.image)
            parameters.setTransform(inverse: inverse, scale: image.transform.meanScale)
            parameters.set("DESTINATION", rect: image.destination)
            parameters.set("SOURCE_RECT", sourceRect)
            parameters.set("SOURCE_CLAMP", clamp)
            parameters.set("OPACITY", Float(min(image.opacity, 1)))
            let key = CanvasBatches.Key(program: p, texture: source.texture, unit: 0,
                                        filter: image.sampling == .nearest ? .nearest : .linear)
            enqueue(key, parameters: parameters, bounds: bounds,
                    visible: state.visiblePieces(), clip: image.clip, state: state)
            return
        }
        flushBeforeDirectDraw(state)
        var textures = [FrameBuilder.binding(source, unit: 0, sampling: image.sampling)]
        if let mask { textures.append(FrameBuilder.binding(mask, unit: 1, sampling: image.sampling)) }
        let p = ProgramKey.variant(mask == nil ? .image : .maskedImage, for: image.clip)
        let uniforms: [ShaderUniform] = [
            .array("u_inverse", ShaderValues.rows(of: inverse), components: 3),
            .float("u_scale", Float(image.transform.meanScale)),
            .array("u_destination", ShaderValues.rect(image.destination), components: 4),
            .vec4("u_sourceRect", sourceRect[0], sourceRect[1], sourceRect[2], sourceRect[3]),
            .vec4("u_sourceClamp", clamp[0], clamp[1], clamp[2], clamp[3]),
            .float("u_lod", Float(trilinear ? min(max(lod, 0), Double(source.levels - 1)) : 0)),
            .float("u_opacity", Float(min(image.opacity, 1))),
            .int("u_hasMask", mask == nil ? 0 : 1),
        ]
        try drawQuad(p, uniforms: uniforms, textures: textures, bounds: bounds, visible: state.visiblePieces(),
                     clip: image.clip, target: state.current)
    }

    /// Whether a source's texture keeps its pixels until the frame ends or the next atlas batch (which
    /// issues the queued draws first): plan images and atlas regions, not pooled offscreen targets.
    static func staysForTheFrame(_ source: ImageSource, state: FrameState) -> Bool {
        switch source {
        case .image: return true
        case .offscreen(let id): return state.content[id]?.isRegion == true
        }
    }

    /// The texture to sample for a source: a cached image crop (with mips for trilinear), an offscreen's
    /// target, or (trilinear) a mip chain built from an offscreen this frame. Nil when there is nothing.
    private func texture(of source: ImageSource, trilinear: Bool, plan: RenderPlan,
                         state: inout FrameState) throws -> ImageTextureCache.Entry? {
        switch source {
        case .image(let index, let crop):
            guard plan.images.indices.contains(index) else {
                throw RenderError(.internal, "invalid render plan: image \(index) of a plan with \(plan.images.count) images")
            }
            return try imageTextures.texture(for: plan.images[index], crop: crop, mipmapped: trilinear,
                                             maxTextureSize: info.maxTextureSize)
        case .offscreen(let id):
            guard let target = state.content[id] else { return nil }
            guard trilinear else { return ImageTextureCache.Entry(texture: target.texture, levels: 1) }
            if let mips = state.offscreenMips[id] { return mips }
            issuePending()
            let entry = try resources.mipChain(of: target)
            state.temporaryTextures.append(entry.texture)
            state.offscreenMips[id] = entry
            return entry
        }
    }

    /// A texture bound to a unit; textures without mips get the draw's filter (nearest or linear).
    private static func binding(_ entry: ImageTextureCache.Entry, unit: Int32, sampling: Sampling) -> GPUDraw.Texture {
        GPUDraw.Texture(unit: unit, texture: entry.texture,
                        filter: entry.levels == 1 ? (sampling == .nearest ? .nearest : .linear) : .unchanged)
    }
}
