import Lamina

extension FrameBuilder {
    /// A gradient evaluated in the fragment shader (gradient.frag) over its region, cut to the visible pieces.
    func draw(_ g: GradientDraw, state: inout FrameState) throws {
        let stops = g.gradient.drawnStops
        guard g.opacity > 0, !stops.isEmpty, stops.count <= GradientDraw.maxStops, stops.contains(where: { $0.color.alpha > 0 }),
              state.visiblePieces()?.isEmpty != true, let inverse = g.transform.inverted else { return }
        flushBeforeDirectDraw(state)
        let parameter = g.parameter
        let shader: ProgramKey.Shader
        switch parameter?.kind ?? .axial {
        case .axial: shader = .axialGradient
        case .radial: shader = .radialGradient
        case .conic: shader = .conicGradient
        }
        let cover = g.transform.boundingBox(of: g.bounds)
        let uniforms: [ShaderUniform] = [
            .int("u_kind", parameter == nil ? 3 : 0),
            .vec2("u_start", Float(parameter?.start.x ?? 0), Float(parameter?.start.y ?? 0)),
            .vec2("u_vector", Float(parameter?.vector.x ?? 0), Float(parameter?.vector.y ?? 0)),
            .array("u_inverse", ShaderValues.rows(of: inverse), components: 3),
            .array("u_colors", stops.flatMap { [Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha)] },
                   components: 4),
            .array("u_locations", stops.map { Float($0.location) }, components: 1),
            .int("u_stopCount", stops.count),
            .vec4("u_cover", Float(cover.minX), Float(cover.minY), Float(cover.maxX), Float(cover.maxY)),
            .float("u_opacity", Float(g.opacity)),
        ]
        try drawQuad(.variant(shader, for: g.clip), uniforms: uniforms, bounds: g.region.rect, visible: state.visiblePieces(),
                     clip: g.clip, target: state.current)
    }
}
