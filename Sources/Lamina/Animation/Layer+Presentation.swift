extension Layer {
    /// This layer and its subtree (mask included) at scene time `time`: every animated property replaced by
    /// its sampled value, animations removed. Animations apply in array order (a group's in its order,
    /// `transform.` key paths each to the transform the earlier ones left), so when several drive one
    /// property (`position.x` and `position` count as one) the later one in effect wins; one outside its
    /// active time without a holding fill leaves the property as it is.
    public func presentation(at time: Double) -> Layer {
        sampled(at: time) ?? self
    }

    /// The presentation at `time`, or nil when nothing in the subtree animates (so unchanged subtrees
    /// keep sharing their storage).
    func sampled(at parentTime: Double) -> Layer? {
        if knownToAnimate == false { return nil }
        let time = timing.localTime(parentTime)
        var out: Layer?
        if !animations.isEmpty {
            var layer = self
            layer.animations = []
            for animation in animations {
                animation.apply(at: time, model: self, to: &layer)
            }
            out = layer
        }
        let changed = sublayers.withUnsafeBufferPointer { b in
            b.indices.compactMap { i in b[i].knownToAnimate == false ? nil : b[i].sampled(at: time).map { (i, $0) } }
        }
        if !changed.isEmpty {
            if out == nil { out = self }
            for (i, sampled) in changed { out!.sublayers[i] = sampled }
        }
        if let sampled = mask?.sampled(at: time) {
            if out == nil { out = self }
            out!.mask = sampled
        }
        guard let out else {
            rememberAnimates(false)
            return nil
        }
        if out.sublayers.count >= SublayerIndex.minimumCount {
            out.inheritSublayerIndex(from: self, indexingEarlier: true, replaced: changed.map(\.0))
        }
        out.rememberSampled(from: self)
        return out
    }

    /// Notes what a presentation shares with its model: no animation below it, and the model's levels and
    /// layer count where known (sampling changes no sublayer or mask), so a frame does not walk them again.
    private func rememberSampled(from model: Layer) {
        rememberAnimates(false)
        if let levels = model.knownDepth { rememberDepth(levels) }
        if let layers = model.knownLayerCount { rememberLayerCount(layers) }
    }

    /// True when this layer, its mask or any sublayer carries an animation (remembered by an unchanged layer).
    public var subtreeHasAnimations: Bool {
        if let known = knownToAnimate { return known }
        let yes = !animations.isEmpty || (mask?.subtreeHasAnimations ?? false) || sublayers.withUnsafeBufferPointer { b in
            b.indices.contains { b[$0].subtreeHasAnimations }
        }
        rememberAnimates(yes)
        return yes
    }

    /// The latest `endTime` of the finite animations in this subtree; nil when there are none.
    /// Measured on the superlayer's time (through this layer's `timing`); nil too while the layer is paused.
    public var lastAnimationEnd: Double? {
        var end = animations.compactMap(\.endTime).max()
        for child in sublayersAndMask {
            if let e = child.lastAnimationEnd { end = max(end ?? e, e) }
        }
        return end.flatMap { timing.parentTime($0) }
    }
}
