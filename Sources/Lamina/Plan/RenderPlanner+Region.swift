extension RenderPlanner {
    /// Subtrees of more layers than this are not measured whole for culling; their sublayers are, one by one.
    static let cullingSubtreeLimit = 256

    /// Whether everything `layer`'s subtree draws on the canvas (shadows, borders, overflowing sublayers,
    /// anti-aliased edges) lies outside `region`, so that leaving the layer out changes no pixel of it.
    /// The extent is `SceneDamage`'s, the same one that damaged the region.
    func missesRegion(_ layer: Layer, parentTransform: AffineTransform) -> Bool {
        guard let region, !region.rects.isEmpty else { return region != nil }
        guard Self.layerCount(layer, below: Self.cullingSubtreeLimit) else { return false }
        guard let extent = SceneDamage.extent(of: layer, parent: parentTransform, clip: Rect(0, 0, Double(scene.pixelWidth), Double(scene.pixelHeight))) else { return true }
        return !region.rects.contains { $0.rect.intersection(extent) != nil }
    }

    /// Whether the subtree (masks included) has fewer than `limit` layers; stops counting at the limit.
    static func layerCount(_ root: Layer, below limit: Int) -> Bool {
        if root.sublayers.isEmpty && root.mask == nil { return limit > 1 }
        var stack = [root], n = 0
        while let layer = stack.popLast() {
            n += 1
            if n >= limit { return false }
            stack.append(contentsOf: layer.sublayers)
            if let m = layer.mask { stack.append(m) }
        }
        return true
    }
}
