import Lamina

extension FrameBuilder {
    func draw(_ fill: Fill, state: FrameState) throws {
        guard !fill.color.isTransparent, let inverse = fill.transform.inverted else { return }
        let paintsInteriorHere = !state.stack.isEmpty && state.visibility != nil && !(batching(state) && state.atlasPage != nil)
        if paintsInteriorHere { drawInterior(of: fill, visible: state.visiblePieces(), target: state.current) }
        let interiorPainted = paintsInteriorHere || (state.culling && state.stack.isEmpty)
        let painted = interiorPainted ? DrawCommand.fill(fill).opaqueArea : []
        let bounds = fill.transform.coverageBounds(of: fill.shape.rect)
        let ownPieces = state.stack.isEmpty
            ? state.visibility.map { fillPieces(fill, at: state.commandIndex, visible: state.visiblePieces(), visibility: $0,
                                                target: state.current) } : nil
        if batching(state), let p = ProgramKey.instanced(.instancedFill, for: fill.clip, shapes: [fill.shape]) {
            var parameters = InstanceParameters(.fill)
            parameters.setTransform(inverse: inverse, scale: fill.transform.meanScale)
            parameters.setShape(of: fill, rect: "OUTER_RECT", radii: "OUTER_RADII", color: "COLOR")
            if let ownPieces {
                enqueue(.init(program: p), parameters: parameters, pieces: ownPieces, clip: fill.clip, state: state)
            } else {
                enqueue(.init(program: p), parameters: parameters, bounds: bounds, holes: painted,
                        visible: state.visiblePieces(), clip: fill.clip, state: state)
            }
            return
        }
        flushBeforeDirectDraw(state)
        let p = ProgramKey.variant(.fill, for: fill.clip, shapes: [fill.shape])
        let uniforms = shapeUniforms(inverse: inverse, transform: fill.transform, color: fill.color)
            + roundedRect("u_outer", fill.shape) + [.vec3("u_shapeParams", fill.shape.curve == .continuous ? 1 : 0, 0, 0)]
        try drawQuad(p, uniforms: uniforms, bounds: bounds, holes: painted, visible: state.visiblePieces(), clip: fill.clip,
                     target: state.current, pieces: ownPieces)
    }

    func draw(_ border: Border, state: FrameState) throws {
        guard !border.color.isTransparent, let inverse = border.transform.inverted else { return }
        let bounds = border.transform.coverageBounds(of: border.outer.rect)
        let holes = border.inner.fullCoverage(transform: border.transform)
        if batching(state), let p = ProgramKey.instanced(.instancedBorder, for: border.clip, shapes: [border.outer, border.inner]) {
            var parameters = InstanceParameters(.border)
            parameters.setTransform(inverse: inverse, scale: border.transform.meanScale)
            parameters.set("OUTER_RECT", rect: border.outer.rect)
            parameters.set("OUTER_RADII", radii: border.outer)
            parameters.set("INNER_RECT", rect: border.inner.rect)
            parameters.set("INNER_RADII", radii: border.inner)
            parameters.set("COLOR", color: border.color)
            enqueue(.init(program: p), parameters: parameters, bounds: bounds, holes: holes,
                    visible: state.visiblePieces(), clip: border.clip, state: state)
            return
        }
        flushBeforeDirectDraw(state)
        let p = ProgramKey.variant(.border, for: border.clip, shapes: [border.outer, border.inner])
        let uniforms = shapeUniforms(inverse: inverse, transform: border.transform, color: border.color)
            + roundedRect("u_outer", border.outer) + roundedRect("u_inner", border.inner)
            + [.vec3("u_shapeParams", border.outer.curve == .continuous ? 1 : 0, border.inner.curve == .continuous ? 1 : 0, 1)]
        try drawQuad(p, uniforms: uniforms, bounds: bounds, holes: holes, visible: state.visiblePieces(), clip: border.clip,
                     target: state.current)
    }

    /// Draws a closed-form shadow; pixels that `fill` (its layer's fill drawn right after it, `ShadowedFill`)
    /// paints over with an opaque color at full coverage are skipped, since their result does not depend on
    /// the shadow. (Drawn with that fill as one draw, it is the layer node's: `drawFused`.)
    func draw(_ shadow: RoundedRectShadow, coveredBy fill: DrawCommand?, plan: RenderPlan, state: FrameState) throws {
        guard !shadow.color.isTransparent, let inverse = shadow.transform.inverted else { return }
        let sigma = max(shadow.sigma, 0)
        let table = sigma > 0 && info.linearFloatTextures
            ? try shadowTables.table(for: shadow.shape, sigma: sigma, maxTextureSize: info.maxTextureSize) : nil
        let culledOnCanvas = state.stack.isEmpty && state.visibility != nil
        let holes = culledOnCanvas ? [] : (fill?.opaqueArea ?? [])
        if let table, batching(state), let p = ProgramKey.instanced(.instancedShadowTable, for: shadow.clip) {
            var parameters = InstanceParameters(.tableShadow)
            parameters.setTableShadow(shadow, inverse: inverse, table: table.layout, color: "COLOR")
            enqueue(.init(program: p, texture: table.texture, unit: 2),
                    parameters: parameters, bounds: shadow.drawnBounds, holes: holes,
                    visible: state.visiblePieces(), clip: shadow.clip, state: state)
            return
        }
        flushBeforeDirectDraw(state)
        let p: ProgramKey
        var uniforms: [ShaderUniform]
        var textures: [GPUDraw.Texture] = []
        if let table {
            p = .variant(.shadowTable, for: shadow.clip)
            textures = [.init(unit: 2, texture: table.texture)]
            let map = table.textureMap(shapeOrigin: Point(shadow.shape.rect.minX, shadow.shape.rect.minY))
            uniforms = [.vec4("u_tableMap", map.0, map.1, map.2, map.3)]
        } else {
            p = .variant(.shadow, for: shadow.clip, shapes: sigma > 0 ? [] : [shadow.shape])
            uniforms = [.array("u_shapeRect", ShaderValues.rect(shadow.shape.rect), components: 4),
                        .array("u_shapeRadii", ShaderValues.radii(shadow.shape), components: 4),
                        .float("u_continuous", Float(shadow.shape.curve == .continuous ? 1 : 0)),
                        .float("u_sigma", Float(sigma))]
        }
        uniforms += shapeUniforms(inverse: inverse, transform: shadow.transform, color: shadow.color)
        try drawQuad(p, uniforms: uniforms, textures: textures, bounds: shadow.drawnBounds, holes: holes,
                     visible: state.visiblePieces(), clip: shadow.clip, target: state.current)
    }


    private func shapeUniforms(inverse: AffineTransform, transform: AffineTransform,
                               color: PremultipliedColor) -> [ShaderUniform] {
        [.array("u_inverse", ShaderValues.rows(of: inverse), components: 3), .float("u_scale", Float(transform.meanScale)),
         .color("u_color", color)]
    }

    private func roundedRect(_ prefix: String, _ shape: RoundedRect) -> [ShaderUniform] {
        [.array(prefix + "Rect", ShaderValues.rect(shape.rect), components: 4),
         .array(prefix + "Radii", ShaderValues.radii(shape), components: 4)]
    }
}
