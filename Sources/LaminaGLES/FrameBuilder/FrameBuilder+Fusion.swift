import Lamina

/// A closed-form shadow and the fill after it, drawn as one instanced draw on the canvas.
///
/// The plan's tree says which commands are a layer's shadow, background fill and border (`ShadowedFill`);
/// a shadow right before its layer's fill, with the same transform and clip, can share its draw. With CPU culling the fill draws only its rim (the opaque pass
/// paints its interior), and the rim's visible pixels lie in the shadow's visible pieces. One draw over
/// those pieces, computing fill over shadow per pixel and blending once, replaces two draws: llvmpipe
/// sets up one quad list instead of two and shades the rim's pixels once. The layer's border, right after the
/// fill (or after commands that draw nothing) whose outer edge is the fill's shape joins the same draw
/// (`ShadowedFill.border`); the opaque pass then leaves its ring to it (`CanvasPieces.fusedBorderHole`).
/// Pixels the fused draw covers that lie outside the shadow's pieces are added as pieces of their own.
/// The result differs from separate draws by the 8-bit rounding between their blends (≤ 4/255 per
/// channel measured, and closer to the CPU path on average).
extension FrameBuilder {
    /// What a fused draw painted besides the shadow: the fill after it, and the border at this index.
    struct FusedDraw {
        var border: Int?
    }

    /// Draws the shadow and the fill of a layer item's shadowed fill (`ShadowedFill`, found by the preparation on
    /// the layer's node) as one draw, with the filled layer's border when it can join; returns the index after
    /// the fill, or nil to walk the layer's parts.
    func drawFused(_ parts: ShadowedFill, plan: RenderPlan, state: inout FrameState) throws -> Int? {
        guard state.strategies.fusion, batching(state), state.stack.isEmpty, state.atlasPage == nil, info.linearFloatTextures,
              case .roundedRectShadow(let shadow) = plan.commands[parts.shadow], !shadow.color.isTransparent, shadow.sigma > 0,
              let inverse = shadow.transform.inverted,
              let table = try shadowTables.table(for: shadow.shape, sigma: shadow.sigma, maxTextureSize: info.maxTextureSize),
              let fused = drawFused(shadow, parts: parts, table: table, inverse: inverse, plan: plan, state: state)
        else { return nil }
        state.fusedBorder = fused.border
        return parts.fill + 1
    }

    /// Queues `shadow` (a table shadow) and its layer's fill as one draw when they can share it; returns what
    /// it drew besides the shadow, or nil when nothing was queued.
    private func drawFused(_ shadow: RoundedRectShadow, parts: ShadowedFill, table: ShadowTableCache.Table, inverse: AffineTransform,
                           plan: RenderPlan, state: FrameState) -> FusedDraw? {
        let shadowIndex = parts.shadow, fillIndex = parts.fill
        guard let visibility = state.visibility,
              case .fill(let fill) = plan.commands[fillIndex], FusionRules.mayFuse(shadow, with: fill),
              let p = ProgramKey.instanced(.instancedShadowFill, for: shadow.clip, shapes: [fill.shape]),
              let shadowVisible = visibility.pieces(of: shadowIndex),
              let fillVisible = visibility.pieces(of: fillIndex),
              DrawGeometry.encloses(.roundedRectShadow(shadow), .fill(fill), in: state.canvas)
        else { return nil }
        let target = state.current
        let shadowPieces = DrawGeometry.quadPieces(bounds: shadow.drawnBounds, holes: [],
                                                  visible: shadowVisible, clip: shadow.clip, target: target)
        var extra = fillPieces(fill, at: fillIndex, visible: fillVisible, visibility: visibility, target: target)
        for piece in shadowPieces { extra = extra.flatMap { $0.subtracting(piece) } }
        var parameters = InstanceParameters(.shadowFill)
        parameters.setTableShadow(shadow, inverse: inverse, table: table.layout, color: "COLOR")
        parameters.setShape(of: fill, rect: "FILL_RECT", radii: "FILL_RADII", color: "FILL_COLOR")
        var program = p
        var border: Int?
        if let partner = parts.border(in: plan.commands, invisible: { visibility.pieces(of: $0)?.isEmpty == true }),
           let borderVisible = visibility.pieces(of: partner.index) {
            let (b, width) = (partner.border, partner.border.width)
            var ring = DrawGeometry.quadPieces(bounds: b.transform.coverageBounds(of: b.outer.rect),
                                              holes: b.inner.fullCoverage(transform: b.transform),
                                              visible: borderVisible, clip: b.clip, target: target)
            for piece in shadowPieces + extra { ring = ring.flatMap { $0.subtracting(piece) } }
            extra += ring
            parameters = parameters.relaid(as: .shadowFillBorder)
            parameters.set("BORDER_WIDTH", Float(width))
            parameters.set("BORDER_COLOR", color: b.color)
            program = ProgramKey(.instancedShadowFillBorder)
            border = partner.index
        }
        enqueue(.init(program: program, texture: table.texture, unit: 2), parameters: parameters,
                pieces: shadowPieces + extra, clip: shadow.clip, state: state)
        counts.fused += 1
        if border != nil { counts.fusedBorders += 1 }
        return FusedDraw(border: border)
    }

    /// The pieces a canvas fill's own draw covers: its visible pieces less the interior the opaque pass
    /// painted (`CanvasPieces.shrunkInteriors`, or its whole interior shrunk to shading blocks).
    func fillPieces(_ fill: Fill, at index: Int, visible: ArraySlice<QuadPiece>?, visibility: CanvasPieces,
                    target: RenderTarget) -> [QuadPiece] {
        let bounds = fill.transform.coverageBounds(of: fill.shape.rect)
        guard let painted = visibility.shrunkInteriors[index] else {
            return DrawGeometry.quadPieces(bounds: bounds, holes: DrawCommand.fill(fill).opaqueArea, visible: visible,
                                          clip: fill.clip, target: target)
        }
        var pieces = DrawGeometry.quadPieces(bounds: bounds, holes: [], visible: visible, clip: fill.clip, target: target)
        for hole in painted where !hole.isEmpty { pieces = pieces.flatMap { $0.subtracting(hole) } }
        return pieces
    }

}
