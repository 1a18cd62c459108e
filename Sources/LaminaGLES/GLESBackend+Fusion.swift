import Lamina

/// A closed-form shadow and the fill after it, drawn as one instanced draw on the canvas.
///
/// The planner puts a layer's shadow right before its background fill, with the same transform and
/// clip. With CPU culling the fill draws only its rim (the opaque pass paints its interior, less a
/// strip up to the next shading block), and the rim's visible pixels lie in the shadow's visible
/// pieces. One draw over those pieces plus the strip, computing fill over shadow per pixel and blending
/// once, replaces two draws: llvmpipe sets up one quad list instead of two and shades the rim's
/// pixels once. It differs from blending twice only by the rounding to 8 bits between the two blends
/// (at most 1/255 per channel).
extension GLESBackend {
    /// Queues `shadow` (a table shadow) and the fill `next` as one draw when they can share it; returns
    /// whether it did, in which case the fill's command is done too.
    func drawFused(_ shadow: RoundedRectShadow, table: ShadowTableCache.Table, inverse: AffineTransform,
                   next: DrawCommand?, state: FrameState) -> Bool {
        guard shadowFusion, batching(state), state.stack.isEmpty, state.atlasPage == nil,
              let visibility = state.visibility,
              case .fill(let fill)? = next, !fill.color.isTransparent,
              fill.transform == shadow.transform, fill.clip == shadow.clip,
              let p = programs.instancedShadowFill.program(for: shadow.clip, shapes: [fill.shape]),
              let shadowVisible = visibility.pieces(of: state.commandIndex),
              let fillVisible = visibility.pieces(of: state.commandIndex + 1),
              GLESBackend.encloses(.roundedRectShadow(shadow), .fill(fill), in: state.canvas)
        else { return false }
        let target = state.current
        let shadowPieces = GLESBackend.quadPieces(bounds: GLESBackend.bounds(of: shadow), holes: [],
                                                  visible: shadowVisible, clip: shadow.clip, target: target)
        var strip = GLESBackend.quadPieces(bounds: GLESBackend.coverageBounds(of: fill.shape.rect, transform: fill.transform),
                                           holes: GLESBackend.opaqueArea(of: .fill(fill)), visible: fillVisible,
                                           clip: fill.clip, target: target)
        for piece in shadowPieces { strip = strip.flatMap { $0.subtracting(piece) } }
        let map = table.textureMap(shapeOrigin: Point(shadow.shape.rect.minX, shadow.shape.rect.minY))
        let parameters = GLESBackend.transformParameters(inverse, scale: shadow.transform.meanScale)
            + [map.0, map.1, map.2, map.3] + GLESBackend.colorParameters(shadow.color)
            + GLESBackend.rect(fill.shape.rect) + GLESBackend.radii(fill.shape) + GLESBackend.colorParameters(fill.color)
        enqueue(.init(program: p.id, texture: table.texture, unit: 2), program: p, parameters: parameters,
                pieces: shadowPieces + strip, clip: shadow.clip, state: state)
        fusedDraws += 1
        return true
    }

    /// Whether the pixels `outer` may touch on the canvas include all those `inner` may touch (then the
    /// fused shader's table lookups stay within the shadow's table wherever the fill draws).
    static func encloses(_ outer: DrawCommand, _ inner: DrawCommand, in canvas: RenderTarget) -> Bool {
        guard let o = CanvasVisibility.area(of: outer, width: canvas.width, height: canvas.height),
              let i = CanvasVisibility.area(of: inner, width: canvas.width, height: canvas.height) else { return false }
        return o.x0 <= i.x0 && o.y0 <= i.y0 && o.x1 >= i.x1 && o.y1 >= i.y1
    }
}
