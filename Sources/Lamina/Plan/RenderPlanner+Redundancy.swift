extension RenderPlanner {
    /// Whether `mask` leaves every pixel of its layer as it is: its alpha is provably 1 (one opaque
    /// rectangle, `SilhouetteProof`) over the whole of what the layer draws, one pixel of anti-aliasing
    /// beyond it included, under a transform that only scales and translates. Such a mask is dropped with
    /// its two offscreens, as WebRender's scene builder drops redundant surfaces.
    func maskIsRedundant(_ mask: Layer, of layer: Layer, transform: AffineTransform) -> Bool {
        guard let shape = SilhouetteProof.opaqueRoundedRect(mask) else { return false }
        let toTarget = mask.transformToSuperlayer.concatenating(transform)
        guard toTarget.isAxisAlignedScaleTranslate, transform.isAxisAlignedScaleTranslate,
              let drawn = LayerBounds.drawn(layer, includingMask: false) else { return false }
        let inset = shape.radii.maximum
        let solid = shape.rect.insetBy(dx: inset, dy: inset)
        guard solid.width > 0, solid.height > 0 else { return false }
        let covered = toTarget.boundingBox(of: solid)
        let needed = transform.boundingBox(of: drawn).insetBy(dx: -1, dy: -1)
        return covered.contains(needed)
    }
}
