import Lamina

extension FrameBuilder {
    /// Refuses, before any GL call, a plan whose textures this GPU cannot hold: the canvas, an
    /// offscreen, a path mask or an image crop wider or taller than `GL_MAX_TEXTURE_SIZE`. These come
    /// from the scene, so they are bad input (exit 1, HTTP 422), not a fault of the environment.
    func preflight(_ plan: RenderPlan) throws {
        let limit = info.maxTextureSize
        func check(_ width: Int, _ height: Int, _ what: @autoclosure () -> String) throws {
            guard width > limit || height > limit else { return }
            throw RenderError(.badInput, "\(what()) is \(width)×\(height) px; this GPU's textures are at most "
                              + "\(limit) px a side (GL_MAX_TEXTURE_SIZE)")
        }
        try check(plan.width, plan.height, "the canvas")
        for (id, o) in plan.offscreens.enumerated() {
            try check(o.width, o.height, "offscreen \(id) (\(o.reason))")
        }
        for command in plan.commands {
            switch command {
            case .maskFill(let m): try check(m.mask.width, m.mask.height, "a shadow path mask")
            case .glyphs(let g):
                if let big = g.glyphs.first(where: { !resources.glyphAtlas.packing.fits(width: $0.image.width, height: $0.image.height) }) {
                    throw GLESError.unsupported("\(big.image) is larger than a glyph atlas layer (\(resources.glyphAtlas.packing.side)²)")
                }
            case .blurredShadow(let s): if case .mask(let m) = s.source { try check(m.width, m.height, "a shadow path mask") }
            case .image(let d):
                if case .image(let index, let crop) = d.source, plan.images.indices.contains(index) {
                    let image = plan.images[index]
                    try check(min(crop.width, image.width), min(crop.height, image.height), "the crop of \(image)")
                }
            default: break
            }
        }
    }
}
