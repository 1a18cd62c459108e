extension LayerTree {
    /// The outermost layer above `layer` that draws its subtree as one surface (group opacity, mask,
    /// shouldRasterize, content-shaped shadow; the layer a mask belongs to), or `layer` itself.
    func surface(of layer: LiveLayer) -> LiveLayer {
        var result = layer
        var current = layer
        while let up = current.superlayer ?? current.maskedLayer {
            if current.maskedLayer != nil || SceneDamage.isSurface(up.properties, groupDefault: groupOpacity) { result = up }
            current = up
        }
        return result
    }

    /// The device-space extent of `layer`'s subtree as the tree stands now; nil when it draws nothing
    /// (hidden, transparent, or under a hidden or transparent ancestor).
    func extent(of layer: LiveLayer) -> Rect? {
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
        return SceneDamage.extent(of: layer.snapshot(), parent: transform, clip: clip)
    }
}
