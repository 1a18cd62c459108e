/// Hit testing and coordinate conversion on the retained tree, with `Layer`'s rules (see `Layer.hitTest(_:)`:
/// hidden layers skipped, opacity 0 hit, front-most first by zPosition then array order, `masksToBounds`
/// clipping hits to the rounded bounds). Each takes an optional scene time: nil uses the model (the
/// properties as set), a time uses the presentation at that time (every animation sampled, as
/// `LayerTree.nextFrame(at:)` draws it), so a hit follows an animated position.
extension LiveLayer {
    /// Whether `point`, in this layer's bounds space, lies in its rounded bounds (see `Layer.contains(_:)`).
    public func contains(_ point: Point, atTime time: Double? = nil) -> Bool {
        presented(at: time).contains(point)
    }

    /// The deepest visible layer of this subtree (this layer included) at `point`, given in this layer's
    /// superlayer's space (the tree's canvas for the root); nil when the point hits nothing.
    public func hitTest(_ point: Point, atTime time: Double? = nil) -> LiveLayer? {
        var tree = snapshot()
        if let time {
            let model = tree
            if let kept = hitTestedPresentation, kept.time == time, kept.model.sharesStorage(with: model) {
                tree = kept.values
            } else {
                guard let sampled = try? LargeStack.run(levels: model.depth, { model.presentation(at: time) }) else { return nil }
                hitTestedPresentation = (model, time, sampled)
                tree = sampled
            }
        }
        guard let path = tree.hitTest(point) else { return nil }
        var layer = self
        for i in path { layer = layer.sublayers[i] }
        return layer
    }

    /// `point` in `layer`'s bounds space converted to this layer's (`layer` nil: the canvas of the tree, the
    /// space of its root's superlayer); nil when the two are not in one tree or a transform on the way
    /// cannot be inverted.
    public func convert(_ point: Point, from layer: LiveLayer?, atTime time: Double? = nil) -> Point? {
        LiveLayer.transform(from: layer, to: self, atTime: time)?.apply(point)
    }

    /// `point` in this layer's bounds space converted to `layer`'s (nil: the canvas); nil as `convert(_:from:atTime:)`.
    public func convert(_ point: Point, to layer: LiveLayer?, atTime time: Double? = nil) -> Point? {
        LiveLayer.transform(from: self, to: layer, atTime: time)?.apply(point)
    }

    /// The bounding box of `rect`, in `layer`'s bounds space, in this layer's (nil: the canvas).
    public func convert(_ rect: Rect, from layer: LiveLayer?, atTime time: Double? = nil) -> Rect? {
        LiveLayer.transform(from: layer, to: self, atTime: time)?.boundingBox(of: rect)
    }

    /// The bounding box of `rect`, in this layer's bounds space, in `layer`'s (nil: the canvas).
    public func convert(_ rect: Rect, to layer: LiveLayer?, atTime time: Double? = nil) -> Rect? {
        LiveLayer.transform(from: self, to: layer, atTime: time)?.boundingBox(of: rect)
    }

    /// This layer's own properties at `time` (nil: the model).
    private func presented(at time: Double?) -> Layer {
        guard let time, !properties.animations.isEmpty else { return properties }
        return properties.presentation(at: time)
    }

    /// The transform from this layer's bounds space to the space of its top layer's superlayer (through the
    /// layers it masks, for a mask), and that top layer.
    private func transformToTop(atTime time: Double?) -> (transform: AffineTransform, top: LiveLayer) {
        var t = AffineTransform.identity
        var layer = self
        while true {
            t = t.concatenating(layer.presented(at: time).transformToSuperlayer)
            guard let up = layer.superlayer ?? layer.maskedLayer else { return (t, layer) }
            layer = up
        }
    }

    /// From `source`'s bounds space to `destination`'s (nil: the canvas of the other one's tree).
    private static func transform(from source: LiveLayer?, to destination: LiveLayer?, atTime time: Double?) -> AffineTransform? {
        let up = source?.transformToTop(atTime: time), down = destination?.transformToTop(atTime: time)
        if let up, let down, up.top !== down.top { return nil }
        guard let inverse = (down?.transform ?? .identity).inverted else { return nil }
        return (up?.transform ?? .identity).concatenating(inverse)
    }
}
