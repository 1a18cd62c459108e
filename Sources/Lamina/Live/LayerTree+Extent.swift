extension LayerTree {
    /// How `surface(of:_:)` treats an ancestor whose only surface is a shadow that follows a content
    /// proven one opaque rounded rect (`SilhouetteProof`): such a shadow stays as it is unless that shape
    /// changes, which the tree checks at the next frame (`watchShadow`).
    enum SurfaceRule {
        /// Every surface counts (inserting and removing layers, whose before state is not kept).
        case whole
        /// Such an ancestor does not count, and is watched (a property change to come).
        case watch
        /// Such an ancestor does not count while its content is still proven (a frame after changes).
        case proven
    }

    /// The outermost layer above `layer` that draws its subtree as one surface (group opacity, mask,
    /// shouldRasterize, content-shaped shadow; the layer a mask belongs to), or `layer` itself.
    func surface(of layer: LiveLayer, _ rule: SurfaceRule) -> LiveLayer {
        var result = layer
        var current = layer
        while let up = current.superlayer ?? current.maskedLayer {
            let p = up.properties
            if current.maskedLayer != nil || SceneDamage.isSurfaceBesidesShadow(p, groupDefault: groupOpacity) {
                result = up
            } else if SceneDamage.followsContent(p) {
                if rule != .whole, let shape = LayerTree.provenSilhouette(of: up) {
                    if rule == .watch { watchShadow(of: up, shape: shape) }
                } else {
                    result = up
                }
            }
            current = up
        }
        return result
    }

    /// The device-space extent of `layer`'s subtree as the tree stands now; nil when it draws nothing
    /// (hidden, transparent, or under a hidden or transparent ancestor).
    func extent(of layer: LiveLayer) -> Rect? {
        guard let (transform, clip) = placement(of: layer) else { return nil }
        return SceneDamage.extent(of: layer.snapshot(), parent: transform, clip: clip)
    }

    /// The device-space box of `layer`'s bounds (where its background and border paint); nil when it draws nothing.
    func boundsBox(of layer: LiveLayer) -> Rect? {
        guard let (transform, clip) = placement(of: layer) else { return nil }
        return SceneDamage.boundsBox(of: layer.properties, parent: transform, clip: clip)
    }

    /// The transform from `layer`'s superlayer's space to the canvas and the clip of its masksToBounds
    /// ancestors; nil when it is not in the tree or an ancestor is hidden or transparent.
    private func placement(of layer: LiveLayer) -> (AffineTransform, Rect)? {
        var chain: [LiveLayer] = []
        var current = layer
        while let up = current.superlayer ?? current.maskedLayer {
            chain.append(up)
            current = up
        }
        guard current === root else { return nil }
        var transform = AffineTransform.scale(scale, scale)
        var clip = Rect(0, 0, (width * scale).rounded(), (height * scale).rounded())
        for ancestor in chain.reversed() {
            let p = ancestor.properties
            guard !p.isHidden, p.opacity > 0 else { return nil }
            transform = p.transformToSuperlayer.concatenating(transform)
            if p.masksToBounds {
                guard let c = transform.boundingBox(of: p.bounds).insetBy(dx: -SceneDamage.edgeOutset, dy: -SceneDamage.edgeOutset)
                    .intersection(clip) else { return nil }
                clip = c
            }
        }
        return (transform, clip)
    }

    /// `layer`'s indices in `sublayers` from the root as the tree stands now (its place in the scene the tree
    /// hands out); nil when it is not in the tree or lies inside a mask.
    func sublayerPath(of layer: LiveLayer) -> [Int]? {
        var path: [Int] = []
        var current = layer
        while current !== root {
            guard let up = current.superlayer, let i = current.indexInSuperlayer(of: up) else { return nil }
            path.append(i)
            current = up
        }
        return path.reversed()
    }
}
