/// Core Animation's animation methods on the value `Layer` (`CALayer.add(_:forKey:)` and friends).
/// A retained, reference-type layer forwards to these; times are seconds on the scene clock.
extension Layer {
    /// Adds `animation` after the others (so it wins over earlier ones on the same property); an animation
    /// already added under `key` is removed first, as `CALayer.add(_:forKey:)` replaces it. Refuses an
    /// animation that breaks a rule of the scene format, with values of another kind than its key path
    /// takes (`AnimationError.wrongValueKind`), or of a key path of another layer class (`wrongLayerClass`).
    public mutating func add(_ animation: Animation, forKey key: String? = nil) throws(AnimationError) {
        try animation.validate(for: self)
        var keyed = animation
        keyed.key = key
        if let key { removeAnimation(forKey: key) }
        animations.append(keyed)
    }

    /// Removes the animation added under `key`, if any.
    public mutating func removeAnimation(forKey key: String) {
        animations.removeAll { $0.key == key }
    }

    /// Removes every animation of this layer (not of its sublayers).
    public mutating func removeAllAnimations() {
        animations.removeAll()
    }

    /// The animation added under `key`, if any.
    public func animation(forKey key: String) -> Animation? {
        animations.first { $0.key == key }
    }

    /// The keys of this layer's keyed animations, in order.
    public var animationKeys: [String] { animations.compactMap(\.key) }
}
