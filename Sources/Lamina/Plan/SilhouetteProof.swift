/// Proves when everything a layer draws has exactly the alpha of one opaque rounded rectangle, so its
/// shadow can use the closed form instead of an offscreen silhouette and a blur.
enum SilhouetteProof {
    /// The rounded rectangle (in the layer's bounds space) whose coverage equals the layer's drawn alpha,
    /// or nil when that cannot be proven. The shadow caster's own opacity and shadow do not count
    /// (the silhouette is taken at full opacity); a sublayer's must be 1 and none, unless the layer has an
    /// opaque background and everything the sublayer draws lies inside its shape.
    static func opaqueRoundedRect(_ layer: Layer, isShadowCaster: Bool = false) -> RoundedRect? {
        guard layer.mask == nil, !layer.shouldRasterize else { return nil }
        if !isShadowCaster && (layer.opacity < 1 || layer.castsShadow) { return nil }
        let shape = layer.roundedBounds
        guard shape.curve == .circular || shape.isRect, !layer.bounds.isEmpty || layer.backgroundColor.alpha == 0 else { return nil }
        let visibleSublayers = layer.sublayers.filter { !$0.isHidden && $0.opacity > 0 }
        if layer.backgroundColor.alpha >= 1 {
            if layer.masksToBounds { return shape }
            return layer.contents == nil && layer.content == nil && visibleSublayers.allSatisfy({ drawsWithin(shape, $0) }) ? shape : nil
        }
        guard layer.backgroundColor.alpha == 0, layer.contents == nil, layer.content == nil,
              layer.borderWidth == 0 || layer.borderColor.alpha == 0 else { return nil }
        let drawing = visibleSublayers.filter { LayerBounds.drawn($0) != nil }
        guard drawing.count == 1, let child = drawing.first, let inner = opaqueRoundedRect(child) else { return nil }
        let t = child.transformToSuperlayer
        guard t.b == 0, t.c == 0, t.a > 0, t.a == t.d else { return nil }
        let mapped = RoundedRect(rect: t.boundingBox(of: inner.rect), radii: inner.radii.map { $0 * t.a }, curve: inner.curve)
        if layer.masksToBounds {
            guard shape.rect.contains(mapped.rect), shape.isRect || mapped == shape else { return nil }
        }
        return mapped
    }

    /// Whether everything `sublayer` draws (its shadow to `ShadowExtent.sigmas`) lies inside `shape`,
    /// in its superlayer's bounds space: over an opaque background that fills `shape` it leaves the alpha
    /// at 1. A rounded rectangle is convex, so a box is inside when its four corners are.
    static func drawsWithin(_ shape: RoundedRect, _ sublayer: Layer) -> Bool {
        guard let local = SceneDamage.localExtent(of: sublayer) else { return true }
        let box = sublayer.transformToSuperlayer.boundingBox(of: local)
        guard box.width.isFinite, box.height.isFinite, shape.rect.contains(box) else { return false }
        if shape.isRect { return true }
        return [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY)]
            .allSatisfy { shape.signedDistance(to: $0) <= 0 }
    }
}
