extension RenderPlanner {
    /// Subtrees of more layers than this are not measured whole for culling; their sublayers are, one by one.
    static let cullingSubtreeLimit = 256

    /// Whether everything `layer`'s subtree draws on the canvas (shadows, borders, overflowing sublayers,
    /// anti-aliased edges) lies outside `region`, so that leaving the layer out changes no pixel of it.
    /// The extent is `SceneDamage`'s, the same one that damaged the region.
    /// `transform` maps the layer's bounds space to the canvas.
    func missesRegion(_ layer: Layer, transform: AffineTransform) -> Bool {
        guard let region, !region.rects.isEmpty else { return region != nil }
        guard Self.count(layer, limit: Self.cullingSubtreeLimit) < Self.cullingSubtreeLimit else { return false }
        guard let extent = SceneDamage.extent(of: layer, transform: transform, clip: Rect(0, 0, Double(scene.pixelWidth), Double(scene.pixelHeight))) else { return true }
        return !region.rects.contains { $0.rect.intersection(extent) != nil }
    }

    /// The drawing positions of the sublayers of a canvas-level layer of many that may draw inside the
    /// region (`SublayerIndex`), so that the others are not measured one by one; nil when every one must
    /// be: no region, few sublayers, a layer not mapped to the canvas by scale and translation alone (where
    /// boxes map loosely), or a sublayer that `checkReach` might refuse (they are all placed then, so
    /// the same scene is refused with or without a region).
    func sublayersMeetingRegion(of layer: Layer, transform: AffineTransform, target: Target) -> [Int]? {
        guard target.isCanvas, let region, !region.rects.isEmpty, layer.sublayers.count >= SublayerIndex.minimumCount,
              transform.isAxisAlignedScaleTranslate, let inverse = transform.inverted else { return nil }
        let index = layer.sublayerIndex
        if let reach = index.reach, Self.farthest(transform.boundingBox(of: reach)) > Limits.maxCoordinate / 2 { return nil }
        guard index.largestShadowBlur * transform.meanScale <= Limits.maxShadowSigma else { return nil }
        let margin = SceneDamage.edgeOutset + 1
        return index.positions(meetingAny: region.rects.map { inverse.boundingBox(of: $0.rect.insetBy(dx: -margin, dy: -margin)) })
    }
}
