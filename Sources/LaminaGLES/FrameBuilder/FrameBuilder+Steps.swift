import Lamina

/// Building the frame as steps (`GPUStep`) and handing them to the issuer.
extension FrameBuilder {
    func emit(_ step: GPUStep) {
        steps.append(step)
    }

    func emit(_ draw: GPUDraw) {
        steps.append(.draw(draw))
    }

    /// Counts `count` commands done; flushes (and issues what is pending) when the pacer says so.
    func commandsDone(_ count: Int, state: inout FrameState) {
        guard state.pacer.commandIssued(count: count, drawCalls: steps.draws) else { return }
        emit(.flush)
        issuePending()
    }

    /// A draw of `program` over `pieces` of `target` with `uniforms` (after the clip's shapes and the target's
    /// size and origin), one quad per piece; nil when there are no pieces or a clip shape is singular (nothing
    /// is visible).
    func quadDraw(_ program: ProgramKey, pieces: [QuadPiece], clip: Clip, target: RenderTarget,
                  uniforms: [ShaderUniform], textures: [GPUDraw.Texture] = []) throws -> GPUDraw? {
        guard !pieces.isEmpty, let clipUniforms = try clipShapeUniforms(clip) else { return nil }
        let quads: GPUDraw.Quads
        if pieces.count == 1 {
            quads = .one(pieces[0])
        } else {
            var corners = [Float]()
            corners.reserveCapacity(pieces.count * 4)
            for p in pieces { corners += [Float(p.x0), Float(p.y0), Float(p.x1), Float(p.y1)] }
            quads = .instances(corners, .corners)
        }
        return GPUDraw(program: program, target: target, uniforms: uniforms + clipUniforms + ShaderUniform.target(target),
                       textures: textures, quads: quads)
    }
}
