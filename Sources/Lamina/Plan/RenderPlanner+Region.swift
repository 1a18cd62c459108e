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
}
