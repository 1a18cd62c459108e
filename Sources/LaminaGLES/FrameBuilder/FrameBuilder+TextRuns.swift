import Lamina

extension FrameBuilder {
    /// The runs among `range`'s commands whose images are in the text run cache, by command index, with their
    /// slots and keys: images not there yet are drawn into the cache first (glyph quads over transparent
    /// texels, unclipped: the run's clip is applied when it is composited). Runs the cache cannot hold are left out.
    func keptRuns(_ plan: RenderPlan, in range: Range<Int>, keys runKeys: TextRunKeys) -> [Int: (slot: GlyphAtlasPacking.Slot, key: GlyphRunImageKey)] {
        let cache = resources.textRuns
        let frame = resources.frame
        var keys: [Int: GlyphRunImageKey] = [:]
        var fresh: [Int] = []
        for i in range {
            guard case .glyphs(let run) = plan.commands[i] else { continue }
            let key = runKeys.key(at: i, of: run)
            if cache.slot(of: key, frame: frame) != nil {
                keys[i] = key
            } else if cache.fits(key), cache.place(key, frame: frame) != nil {
                keys[i] = key
                fresh.append(i)
            }
        }
        var kept: [Int: (slot: GlyphAtlasPacking.Slot, key: GlyphRunImageKey)] = [:]
        for (i, key) in keys {
            if let slot = cache.slot(of: key, frame: frame) { kept[i] = (slot, key) }
        }
        let drawn = fresh.compactMap { i -> (GlyphRun, GlyphAtlasPacking.Slot, GlyphRunImageKey)? in
            guard case .glyphs(let run) = plan.commands[i], let k = kept[i] else { return nil }
            return (run, k.slot, k.key)
        }
        if !drawn.isEmpty { drawIntoTextRunCache(drawn) }
        return kept
    }

    /// Draws each run at its slot of the text run cache, over cleared texels, layer by layer, each glyph in its
    /// key's drawing color.
    private func drawIntoTextRunCache(_ runs: [(GlyphRun, GlyphAtlasPacking.Slot, GlyphRunImageKey)]) {
        let cache = resources.textRuns
        let program = ProgramKey.variant(.glyphs, for: Clip())
        let stamp = resources.frame
        for layer in Set(runs.map { $0.1.layer }).sorted() {
            let target = cache.target(layer: layer)
            let slots = runs.filter { $0.1.layer == layer }.map { run, slot, _ in
                QuadPiece(x0: slot.x, y0: slot.y, x1: slot.x + run.box.width, y1: slot.y + run.box.height)
            }
            emit(.clear(target, rects: slots, color: .transparent))
            var instances: [Float] = []
            func issue() {
                guard !instances.isEmpty else { return }
                emit(glyphDraw(program, instances, from: .glyphAtlas, target: target, uniforms: []))
                instances.removeAll(keepingCapacity: true)
            }
            func beforeEviction() {
                issue()
                issuePending()
            }
            for (run, slot, key) in runs where slot.layer == layer {
                for g in run.glyphs where g.image.width > 0 && g.image.height > 0 {
                    let origin = PixelPoint(x: slot.x + g.origin.x - run.box.x, y: slot.y + g.origin.y - run.box.y)
                    let atlasSlot = resources.glyphAtlas.slot(for: g.image, stamp: stamp, beforeEviction: beforeEviction)
                    let q = QuadPiece(x0: origin.x, y0: origin.y, x1: origin.x + g.image.width, y1: origin.y + g.image.height)
                    Self.appendGlyphQuad(&instances, q, origin: origin, slot: atlasSlot, color: run.drawingColor(of: g, shared: key.sharedColor))
                }
            }
            issue()
        }
    }
}
