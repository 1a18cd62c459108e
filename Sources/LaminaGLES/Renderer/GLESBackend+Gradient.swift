import CGLES3
import Lamina

extension GLESBackend {
    /// A gradient evaluated in the fragment shader (gradient.frag) over its region, cut to the visible pieces.
    func draw(_ g: GradientDraw, state: inout FrameState) throws {
        let stops = g.gradient.drawnStops
        guard g.opacity > 0, !stops.isEmpty, stops.count <= GradientDraw.maxStops, stops.contains(where: { $0.color.alpha > 0 }),
              state.visiblePieces()?.isEmpty != true, let inverse = g.transform.inverted else { return }
        flushBeforeDirectDraw(state)
        state.current.bind()
        let parameter = g.parameter
        let variants: DrawPrograms.Variants
        switch parameter?.kind ?? .axial {
        case .axial: variants = programs.axialGradient
        case .radial: variants = programs.radialGradient
        case .conic: variants = programs.conicGradient
        }
        let p = variants.program(for: g.clip)
        p.use()
        p.set("u_kind", parameter == nil ? 3 : 0)
        p.set("u_start", Float(parameter?.start.x ?? 0), Float(parameter?.start.y ?? 0))
        p.set("u_vector", Float(parameter?.vector.x ?? 0), Float(parameter?.vector.y ?? 0))
        p.set("u_inverse", vec3Array: ShaderValues.rows(of: inverse))
        p.set("u_colors", vec4Array: stops.flatMap { [Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha)] })
        p.set("u_locations", floatArray: stops.map { Float($0.location) })
        p.set("u_stopCount", stops.count)
        let cover = g.transform.boundingBox(of: g.bounds)
        p.set("u_cover", Float(cover.minX), Float(cover.minY), Float(cover.maxX), Float(cover.maxY))
        p.set("u_opacity", Float(g.opacity))
        try drawQuad(p, bounds: g.region.rect, visible: state.visiblePieces(), clip: g.clip, target: state.current)
    }
}
