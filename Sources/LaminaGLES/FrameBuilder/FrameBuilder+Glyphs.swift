import Lamina

extension FrameBuilder {
    /// Floats per glyph instance: bounds (4), glyph origin and atlas texel (4), color (4), atlas layer (1).
    static let glyphInstanceFloats = 13

    /// Which texture a glyph quad reads: the glyph atlas, or the text run cache (a whole run as one quad).
    enum GlyphSource { case glyphAtlas, textRuns }

    /// The glyph run at `index` and those right after it with the same clip shapes (labels one after the
    /// other), drawn as instanced quads, each cut to its run's scissor and visible pieces, in order: each run
    /// as one quad of its image in the text run cache (drawn there first when new); a run the cache cannot
    /// hold (larger than a layer, or needing a second layer emptied in one frame) glyph by glyph from the glyph
    /// atlas, within 1/255 of its image where two of its glyphs share a pixel. Returns the index of the next command.
    func drawGlyphRuns(_ plan: RenderPlan, from index: Int, state: inout FrameState) throws -> Int {
        guard case .glyphs(let first) = plan.commands[index] else { return index + 1 }
        var end = index + 1
        while end < plan.commands.count, case .glyphs(let next) = plan.commands[end], next.clip.shapes == first.clip.shapes { end += 1 }
        flushBeforeDirectDraw(state)
        let kept = state.strategies.textRunCache ? keptRuns(plan, in: index..<end, keys: state.preparation.textRunKeys) : [:]
        let target = state.current
        let program = ProgramKey.variant(.glyphs, for: first.clip)
        guard let clipUniforms = try clipShapeUniforms(first.clip) else { return end }
        var instances: [Float] = []
        var source = GlyphSource.glyphAtlas
        func issue() {
            guard !instances.isEmpty else { return }
            emit(glyphDraw(program, instances, from: source, target: target, uniforms: clipUniforms))
            instances.removeAll(keepingCapacity: true)
        }
        func use(_ s: GlyphSource) {
            if s != source { issue(); source = s }
        }
        func beforeEviction() {
            issue()
            issuePending()
        }
        let stamp = resources.frame
        defer { state.commandIndex = index }
        for i in index..<end {
            guard case .glyphs(let run) = plan.commands[i] else { continue }
            state.commandIndex = i
            let visible = state.visiblePieces()
            guard visible?.isEmpty != true else { continue }
            var area = QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)
            if let s = run.clip.scissor {
                guard let a = area.intersection(QuadPiece(x0: s.x, y0: s.y, x1: s.x + s.width, y1: s.y + s.height)) else { continue }
                area = a
            }
            func add(_ rect: QuadPiece, origin: PixelPoint, slot: GlyphAtlasPacking.Slot, color: PremultipliedColor) {
                guard let inArea = rect.intersection(area) else { return }
                guard let visible else { Self.appendGlyphQuad(&instances, inArea, origin: origin, slot: slot, color: color); return }
                for piece in visible {
                    if let q = inArea.intersection(piece) { Self.appendGlyphQuad(&instances, q, origin: origin, slot: slot, color: color) }
                }
            }
            if let (slot, key) = kept[i] {
                use(.textRuns)
                let box = run.box
                add(QuadPiece(x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height),
                    origin: PixelPoint(x: box.x, y: box.y), slot: slot, color: run.compositeColor(shared: key.sharedColor))
                continue
            }
            use(.glyphAtlas)
            instances.reserveCapacity(instances.count + run.glyphs.count * Self.glyphInstanceFloats)
            for g in run.glyphs {
                let rect = QuadPiece(x0: g.origin.x, y0: g.origin.y, x1: g.origin.x + g.image.width, y1: g.origin.y + g.image.height)
                guard rect.intersection(area) != nil else { continue }
                let slot = resources.glyphAtlas.slot(for: g.image, stamp: stamp, beforeEviction: beforeEviction)
                add(rect, origin: g.origin, slot: slot, color: g.color)
            }
        }
        issue()
        return end
    }

    /// One glyph quad: the pixels `q`, of an image whose top-left pixel is at `origin` and texel at `slot`.
    static func appendGlyphQuad(_ instances: inout [Float], _ q: QuadPiece, origin: PixelPoint,
                                slot: GlyphAtlasPacking.Slot, color: PremultipliedColor) {
        let c = ShaderValues.color(color)
        instances.append(Float(q.x0)); instances.append(Float(q.y0))
        instances.append(Float(q.x1)); instances.append(Float(q.y1))
        instances.append(Float(origin.x)); instances.append(Float(origin.y))
        instances.append(Float(slot.x)); instances.append(Float(slot.y))
        instances.append(c.0); instances.append(c.1); instances.append(c.2); instances.append(c.3)
        instances.append(Float(slot.layer))
    }

    /// A draw of glyph quads reading `source` into `target`.
    func glyphDraw(_ program: ProgramKey, _ instances: [Float], from source: GlyphSource, target: RenderTarget,
                   uniforms: [ShaderUniform]) -> GPUDraw {
        let texture = source == .glyphAtlas ? resources.glyphAtlas.texture : resources.textRuns.texture
        return GPUDraw(program: program, target: target, uniforms: uniforms + ShaderUniform.target(target),
                       textures: [.init(unit: 3, texture: texture, array: true)], quads: .instances(instances, .glyphs))
    }
}
