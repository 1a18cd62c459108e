import Lamina

/// Card draws (`CardDraw`, card.frag) on the canvas: a layer's shadow, fill, image and border as one
/// draw over the pixels any of them reaches, and opacity groups of one card without their offscreen
/// (`CollapsedCard`). The image-sampling variant covers only the pixels the image may touch.
extension FrameBuilder {
    /// Draws the layer item of `card` (found by the preparation) as one card draw when its image is visible;
    /// returns the index after the card's last command, or nil to walk the layer's parts.
    func drawCard(_ card: CardDraw, plan: RenderPlan, state: FrameState) throws -> Int? {
        let index = card.first
        guard let imageIndex = card.imageIndex, batching(state), state.stack.isEmpty,
              state.atlasPage == nil, let visibility = state.visibility,
              let imageVisible = visibility.pieces(of: imageIndex), !imageVisible.isEmpty,
              let shadowVisible = visibility.pieces(of: index), let fillVisible = visibility.pieces(of: card.fillIndex)
        else { return nil }
        let target = state.current
        var pieces = DrawGeometry.quadPieces(bounds: card.shadow.drawnBounds, holes: [], visible: shadowVisible,
                                            clip: card.shadow.clip, target: target)
        func add(_ more: [QuadPiece]) {
            var extra = more
            for piece in pieces { extra = extra.flatMap { $0.subtracting(piece) } }
            pieces += extra
        }
        add(fillPieces(card.fill, at: card.fillIndex, visible: fillVisible, visibility: visibility, target: target))
        add(Array(imageVisible))
        if let b = card.border, let borderIndex = card.borderIndex, let borderVisible = visibility.pieces(of: borderIndex) {
            add(DrawGeometry.quadPieces(bounds: b.transform.coverageBounds(of: b.outer.rect),
                                       holes: b.inner.fullCoverage(transform: b.transform),
                                       visible: borderVisible, clip: b.clip, target: target))
        }
        guard try enqueue(card, opacity: 1, group: nil, pieces: pieces, plan: plan, state: state) else { return nil }
        counts.cards += 1
        return card.last + 1
    }

    /// Draws the opacity group of `group`'s surface (found collapsible by the preparation) as a card draw over
    /// its composite's visible pieces; returns the index after the composite, or nil when the group is to be
    /// drawn through its offscreen.
    func drawCollapsed(_ group: CollapsedCard, plan: RenderPlan, state: FrameState) throws -> Int? {
        guard batching(state), state.stack.isEmpty, state.atlasPage == nil,
              let visible = state.visibility?.pieces(of: group.composite),
              try enqueue(group.card, opacity: group.opacity, group: group, pieces: Array(visible), plan: plan, state: state)
        else { return nil }
        counts.collapsedGroups += 1
        return group.composite + 1
    }

    /// Queues a card draw over `pieces` (canvas pixels); false when it cannot be drawn so (no shadow table,
    /// a fill reaching past the shadow's table, no image texture) and nothing was queued. A card with its
    /// `group` stands for that opacity group's offscreen: the shader evaluates the offscreen's pixel (canvas
    /// pixel − offset, with the offscreen's transforms) and rounds each part's store into it as the
    /// offscreen's 8-bit blends would.
    private func enqueue(_ card: CardDraw, opacity: Double, group: CollapsedCard?, pieces: [QuadPiece], plan: RenderPlan,
                         state: FrameState) throws -> Bool {
        guard let inverse = (group?.local.fill.transform ?? card.fill.transform).inverted,
              DrawGeometry.encloses(.roundedRectShadow(card.shadow), .fill(card.fill), in: state.canvas),
              let table = try shadowTables.table(for: card.shadow.shape, sigma: card.shadow.sigma,
                                                 maxTextureSize: info.maxTextureSize) else { return false }
        var parameters = InstanceParameters(.card)
        parameters.setTableShadow(card.shadow, inverse: inverse, table: table.layout, color: "SHADOW_COLOR")
        parameters.set("GROUP_OPACITY", Float(opacity))
        parameters.setShape(of: card.fill, rect: "FILL_RECT", radii: "FILL_RADII", color: "FILL_COLOR")
        parameters.set("BORDER_COLOR", color: card.border?.color ?? .transparent)
        parameters.set("BORDER_WIDTH", Float(card.borderWidth))
        parameters.set("IMAGE_OPACITY", Float(min(card.image?.opacity ?? 0, 1)))
        parameters.set("IN_GROUP", group == nil ? 0 : 1)
        parameters.set("GROUP_OFFSET", [Float(group?.offset.x ?? 0), Float(group?.offset.y ?? 0)])
        var plain = pieces
        if let image = card.image, let destination = card.imageDestination,
           let imageInverse = (group?.local.image?.transform ?? image.transform).inverted {
            guard let drawn = try imageTexture(image, plan: plan) else { return false }
            var withImage = parameters
            withImage.set("IMAGE_DESTINATION", rect: image.destination)
            withImage.set("IMAGE_SOURCE", rect: image.sourceRect)
            withImage.set("IMAGE_TRANSLATION", [Float(imageInverse.tx), Float(imageInverse.ty)])
            let bounds = card.fill.transform.coverageBounds(of: destination)
            let area = DrawGeometry.pixelArea(of: bounds, clip: .none, width: state.canvas.width, height: state.canvas.height)
            plain = pieces.flatMap { $0.subtracting(area) }
            let key = CanvasBatches.Key(program: ProgramKey(.cardImage), texture: table.texture, unit: 2,
                                        image: drawn.texture, imageFilter: drawn.filter)
            enqueue(key, parameters: withImage,
                    pieces: pieces.compactMap { $0.intersection(area) }, clip: .none, state: state)
        }
        enqueue(.init(program: ProgramKey(.card), texture: table.texture, unit: 2),
                parameters: parameters, pieces: plain, clip: .none, state: state)
        return true
    }

    /// The image's texture and its filter.
    private func imageTexture(_ image: ImageDraw, plan: RenderPlan) throws -> (texture: UInt32, filter: GPUDraw.Filter)? {
        guard case .image(let index, let crop) = image.source, plan.images.indices.contains(index),
              image.destination.width > 0, image.destination.height > 0 else { return nil }
        let entry = try imageTextures.texture(for: plan.images[index], crop: crop, mipmapped: false,
                                              maxTextureSize: info.maxTextureSize)
        guard entry.levels == 1 else { return nil }
        return (entry.texture, image.sampling == .nearest ? .nearest : .linear)
    }
}
