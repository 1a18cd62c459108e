import CGLES3
import Lamina

extension GLESBackend {
    /// Floats per glyph instance: bounds (4), glyph origin and atlas texel (4), color (4), atlas layer (1).
    static let glyphInstanceFloats = 13

    /// The glyph run at `index` and those right after it with the same clip shapes (labels one after the
    /// other): their glyphs placed in the glyph atlas (uploaded when new), then drawn as one instanced draw
    /// of quads, each glyph cut to its run's scissor and visible pieces, in order. Returns the index of the
    /// next command.
    func drawGlyphRuns(_ plan: RenderPlan, from index: Int, state: inout FrameState) throws -> Int {
        guard case .glyphs(let first) = plan.commands[index] else { return index + 1 }
        var end = index + 1
        while end < plan.commands.count, case .glyphs(let next) = plan.commands[end], next.clip.shapes == first.clip.shapes { end += 1 }
        flushBeforeDirectDraw(state)
        let target = state.current
        let program = programs.glyphs.program(for: first.clip)
        program.use()
        guard try setClipShapes(program, first.clip) else { return end }
        program.set("u_targetSize", Float(target.width), Float(target.height))
        program.set("u_targetOrigin", Float(target.originX), Float(target.originY))
        let atlas = device.glyphAtlas
        var instances: [Float] = []
        func issue() {
            guard !instances.isEmpty else { return }
            target.bind()
            program.use()
            glActiveTexture(GLenum(GL_TEXTURE3))
            glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), atlas.texture)
            instances.withUnsafeBufferPointer { buffer in
                instanceStream.drawStrips(buffer, floatsPerInstance: Self.glyphInstanceFloats, attributes: [
                    .init(index: 0, size: 4, offset: 0), .init(index: 1, size: 4, offset: 4),
                    .init(index: 2, size: 4, offset: 8), .init(index: 3, size: 1, offset: 12),
                ])
            }
            instances.removeAll(keepingCapacity: true)
        }
        let stamp = device.frame
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
            instances.reserveCapacity(instances.count + run.glyphs.count * Self.glyphInstanceFloats)
            for g in run.glyphs {
                let rect = QuadPiece(x0: g.origin.x, y0: g.origin.y, x1: g.origin.x + g.image.width, y1: g.origin.y + g.image.height)
                guard let inArea = rect.intersection(area) else { continue }
                let slot = atlas.slot(for: g.image, stamp: stamp, beforeEviction: issue)
                let c = ShaderValues.color(g.color)
                func add(_ q: QuadPiece) {
                    instances.append(Float(q.x0)); instances.append(Float(q.y0))
                    instances.append(Float(q.x1)); instances.append(Float(q.y1))
                    instances.append(Float(g.origin.x)); instances.append(Float(g.origin.y))
                    instances.append(Float(slot.x)); instances.append(Float(slot.y))
                    instances.append(c.0); instances.append(c.1); instances.append(c.2); instances.append(c.3)
                    instances.append(Float(slot.layer))
                }
                if let visible {
                    for piece in visible { if let q = inArea.intersection(piece) { add(q) } }
                } else {
                    add(inArea)
                }
            }
        }
        issue()
        return end
    }
}
