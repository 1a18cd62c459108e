import CGLES3
import Lamina

extension GLESBackend {
    func draw(_ fill: Fill, state: FrameState) throws {
        guard !fill.color.isTransparent, let inverse = fill.transform.inverted else { return }
        let p = programs.shape.program(for: fill.clip)
        p.use()
        setShapeUniforms(p, inverse: inverse, transform: fill.transform, color: fill.color)
        setRoundedRect(p, prefix: "u_outer", fill.shape)
        p.set("u_shapeParams", fill.shape.curve == .continuous ? 1 : 0, 0, 0)
        try drawQuad(p, bounds: GLESBackend.coverageBounds(of: fill.shape.rect, transform: fill.transform),
                     clip: fill.clip, target: state.current)
    }

    func draw(_ border: Border, state: FrameState) throws {
        guard !border.color.isTransparent, let inverse = border.transform.inverted else { return }
        let p = programs.shape.program(for: border.clip)
        p.use()
        setShapeUniforms(p, inverse: inverse, transform: border.transform, color: border.color)
        setRoundedRect(p, prefix: "u_outer", border.outer)
        setRoundedRect(p, prefix: "u_inner", border.inner)
        p.set("u_shapeParams", border.outer.curve == .continuous ? 1 : 0, border.inner.curve == .continuous ? 1 : 0, 1)
        try drawQuad(p, bounds: GLESBackend.coverageBounds(of: border.outer.rect, transform: border.transform),
                     clip: border.clip, target: state.current)
    }

    func draw(_ shadow: RoundedRectShadow, state: FrameState) throws {
        guard !shadow.color.isTransparent, let inverse = shadow.transform.inverted else { return }
        let p = programs.shadow.program(for: shadow.clip)
        p.use()
        setShapeUniforms(p, inverse: inverse, transform: shadow.transform, color: shadow.color)
        p.set("u_shapeRect", vec4Array: GLESBackend.rect(shadow.shape.rect))
        p.set("u_shapeRadii", vec4Array: GLESBackend.radii(shadow.shape))
        p.set("u_continuous", Float(shadow.shape.curve == .continuous ? 1 : 0))
        let sigma = max(shadow.sigma, 0)
        p.set("u_sigma", Float(sigma))
        let bounds: Rect
        if sigma > 0 {
            let reach = 4 * sigma * shadow.transform.meanScale + 1
            let box = shadow.transform.boundingBox(of: shadow.shape.rect)
            bounds = Rect(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
        } else {
            bounds = GLESBackend.coverageBounds(of: shadow.shape.rect, transform: shadow.transform)
        }
        try drawQuad(p, bounds: bounds, clip: shadow.clip, target: state.current)
    }

    private func setShapeUniforms(_ p: ShaderProgram, inverse: AffineTransform, transform: AffineTransform,
                                  color: PremultipliedColor) {
        p.set("u_inverse", vec3Array: GLESBackend.rows(of: inverse))
        p.set("u_scale", Float(transform.meanScale))
        let c = GLESBackend.color(color)
        p.set("u_color", c.0, c.1, c.2, c.3)
    }

    private func setRoundedRect(_ p: ShaderProgram, prefix: String, _ shape: RoundedRect) {
        p.set(prefix + "Rect", vec4Array: GLESBackend.rect(shape.rect))
        p.set(prefix + "Radii", vec4Array: GLESBackend.radii(shape))
    }
}
