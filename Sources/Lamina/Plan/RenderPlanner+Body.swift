extension RenderPlanner {
    /// Draws shadow → background → contents → sublayers → border of one layer, every part × `alpha`.
    mutating func emitBody(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                           target: Target, path: JSONPath, withShadow: Bool = true) throws {
        try checkPlanSize()
        let shadowStart = commands.count
        let slot = layers.count
        layers.append(PlannedLayer(path: path, shadow: shadowStart..<shadowStart, contents: shadowStart..<shadowStart,
                                   sublayers: shadowStart..<shadowStart))
        if withShadow && layer.castsShadow {
            try emitShadow(layer, transform: transform, clip: clip, alpha: alpha, target: target, path: path)
        }
        var parts = PlannedLayer(path: path, shadow: shadowStart..<commands.count, contents: commands.count..<commands.count,
                                 sublayers: commands.count..<commands.count, clipsToBounds: layer.masksToBounds)
        defer { layers[slot] = parts }
        let shape = layer.roundedBounds
        let bg = layer.backgroundColor.premultiplied.scaled(by: alpha)
        if !bg.isTransparent && !layer.bounds.isEmpty && visible(transform.boundingBox(of: shape.rect), clip, target) {
            parts.background = commands.count
            commands.append(.fill(Fill(shape: shape, transform: transform, color: bg, clip: clip)))
        }
        let inner = layer.masksToBounds ? ClipBuilder.adding(shape, transform: transform, to: clip) : clip
        if layer.masksToBounds && (layer.bounds.isEmpty || ClipBuilder.isEmpty(inner)) {
            parts.border = emitBorder(layer, transform: transform, clip: clip, alpha: alpha, target: target)
            return
        }
        let contentsStart = commands.count
        if let image = layer.contents {
            let imageIndex = index(of: image)
            for draw in ContentsLayout.draws(for: layer, image: image, imageIndex: imageIndex, transform: transform, opacity: alpha, clip: inner)
            where visible(transform.boundingBox(of: draw.destination), inner, target) {
                commands.append(.image(draw))
            }
        } else if let content = layer.content {
            try emitContent(layer, content, transform: transform, clip: inner, alpha: alpha, target: target, path: path)
        }
        let sublayers = layer.sublayers
        parts.contents = contentsStart..<commands.count
        let sublayersStart = commands.count
        let sublayersPath = sublayers.isEmpty ? path : path.key("sublayers")
        let meeting = sublayersMeetingRegion(of: layer, transform: transform, target: target)
            .map { unhiddenSublayers($0, of: layer, transform: transform, alpha: alpha, clip: inner) }
        let order = meeting != nil ? layer.sublayerIndex.order : Self.drawingOrder(sublayers)
        func emitSublayer(at k: Int) throws {
            let i = order?[k] ?? k
            guard let placed = try placement(of: sublayers[i], parentTransform: transform, alpha: alpha, target: target,
                                             path: sublayersPath.index(i)) else { return }
            try emitPlaced(sublayers[i], transform: placed, clip: inner, alpha: alpha, target: target, path: sublayersPath.index(i))
        }
        if let meeting {
            for k in meeting { try emitSublayer(at: k) }
        } else {
            for k in sublayers.indices { try emitSublayer(at: k) }
        }
        parts.sublayers = sublayersStart..<commands.count
        parts.border = emitBorder(layer, transform: transform, clip: clip, alpha: alpha, target: target)
    }

    /// The indices of `sublayers` in drawing order: by zPosition, equal ones in their order; nil when that is
    /// the order of the array (no allocation, the common case).
    static func drawingOrder(_ sublayers: [Layer]) -> [Int]? {
        var previous = -Double.infinity
        var sorted = true
        for l in sublayers {
            let z = l.zPosition
            if z < previous { sorted = false; break }
            previous = z
        }
        guard !sorted else { return nil }
        let z = sublayers.map(\.zPosition)
        return z.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
    }

    /// Appends the layer's border, if it draws one; returns its command's index.
    mutating func emitBorder(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double, target: Target) -> Int? {
        guard layer.borderWidth > 0, !layer.bounds.isEmpty else { return nil }
        let color = layer.borderColor.premultiplied.scaled(by: alpha)
        guard !color.isTransparent else { return nil }
        let outer = layer.roundedBounds
        guard visible(transform.boundingBox(of: outer.rect), clip, target) else { return nil }
        let width = min(layer.borderWidth, min(outer.rect.width, outer.rect.height) / 2)
        if outer.inset(by: width).rect.isEmpty {
            commands.append(.fill(Fill(shape: outer, transform: transform, color: color, clip: clip)))
        } else {
            commands.append(.border(Border(outer: outer, width: width, transform: transform, color: color, clip: clip)))
        }
        return commands.count - 1
    }

    /// True when a device-space box can touch a pixel of the target inside the clip.
    func visible(_ box: Rect, _ clip: Clip, _ target: Target) -> Bool {
        deviceRegion(box.insetBy(dx: -1, dy: -1), clip: clip, target: target) != nil
    }
}
