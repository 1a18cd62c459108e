extension RenderPlanner {
    /// shouldRasterize: the subtree (mask included, the layer's own opacity not) rendered offscreen in the
    /// layer's own bounds space at rasterizationScale pixels per point, then drawn with the layer's
    /// transform, filters and opacity. The offscreen carries a cache key so backends can reuse it.
    /// Nothing is emitted when the drawn bitmap lies wholly outside the target and clip, as for any draw.
    mutating func emitRasterized(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                                 target: Target, name: @autoclosure () -> String, path: JSONPath) throws {
        let rs = layer.rasterizationScale
        guard let local = LayerBounds.drawn(layer) else { return }
        let scaled = Rect(local.minX * rs, local.minY * rs, local.width * rs, local.height * rs).integralOutset
        guard scaled.width >= 1, scaled.height >= 1 else { return }
        let region = PixelRect(x: Int(saturating: scaled.minX), y: Int(saturating: scaled.minY), width: Int(saturating: scaled.width), height: Int(saturating: scaled.height))
        let inner = AffineTransform.scale(rs, rs).concatenating(.translation(-scaled.minX, -scaled.minY))
        let toTarget = AffineTransform.scale(1 / rs, 1 / rs)
            .concatenating(.translation(scaled.minX / rs, scaled.minY / rs))
            .concatenating(transform)
        let destination = Rect(0, 0, Double(region.width), Double(region.height))
        let drawn = toTarget.boundingBox(of: destination)
        try checkRasterizedReach(drawn, path: path)
        guard visible(drawn, clip, target) else { return }
        let id = try beginOffscreen(PixelRect(x: 0, y: 0, width: region.width, height: region.height),
                                    reason: .rasterize(layer: name(), scale: rs), cacheKey: rasterCacheKey(layer))
        var flat = layer
        flat.opacity = 1
        flat.shouldRasterize = false
        try emitMaskedOrGrouped(flat, transform: inner, clip: .none, alpha: 1,
                                target: Target(width: region.width, height: region.height), name: name(), path: path)
        commands.append(.endOffscreen)

        var sampling = ContentsLayout.sampling(for: layer, destination: destination, sourceSize: Size(Double(region.width), Double(region.height)),
                                               sourceRect: Rect(0, 0, 1, 1), transform: toTarget)
        if case .trilinear = sampling { sampling = .linear }
        commands.append(.image(ImageDraw(source: .offscreen(id), destination: destination, sourceRect: Rect(0, 0, 1, 1),
                                         transform: toTarget, sampling: sampling, opacity: alpha * layer.opacity, clip: clip)))
    }

    /// Refuses a rasterized layer whose bitmap, drawn back, reaches past `Limits.maxCoordinate`: its
    /// pixels are whole, so at a tiny `rasterizationScale` one of them covers far more than the layer's
    /// bounds (which `checkReach` has already accepted), e.g. 1e27 px at a scale of 1e-27.
    func checkRasterizedReach(_ drawn: Rect, path: JSONPath) throws {
        let farthest = Self.farthest(drawn)
        guard farthest <= Limits.maxCoordinate else {
            throw RenderError(.badInput, "\(path).rasterizationScale: the rasterized layer's pixels reach \(Format.number(farthest)) px "
                              + "from the canvas origin; the limit is \(Format.number(Limits.maxCoordinate)) px")
        }
    }

    /// A key that changes whenever anything that affects the rasterized pixels changes: the subtree
    /// (without the layer's placement and opacity), the scale and the scene's group-opacity default.
    func rasterCacheKey(_ layer: Layer) -> Int {
        var content = layer
        content.position = .zero
        content.anchorPoint = Point(0.5, 0.5)
        content.affineTransform = .identity
        content.opacity = 1
        content.zPosition = 0
        content.name = nil
        var h = Hasher()
        h.combine(content)
        h.combine(scene.groupOpacity)
        return h.finalize()
    }
}
