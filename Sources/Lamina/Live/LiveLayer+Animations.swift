extension LiveLayer {
    /// Adds an explicit animation (CALayer's `add(_:forKey:)`): an animation under the same key is
    /// replaced; a nil key always adds. The tree's frames at a clock time show it (`LayerTree.nextFrame(at:)`).
    /// Refuses, changing nothing, an animation that `Animation.validate(for:)` refuses: values of another
    /// kind than the key path takes, a key path of another layer class, a broken timing rule.
    public func add(_ animation: Animation, forKey key: String?) throws(AnimationError) {
        try animation.validate(for: properties)
        syncKeys()
        tree?.willChange(self)
        if let key, let i = animationKeyList.firstIndex(of: key) {
            properties.animations.remove(at: i)
            animationKeyList.remove(at: i)
        }
        properties.animations.append(animation)
        animationKeyList.append(key)
    }

    /// Removes the animation added under `key`, if any.
    public func removeAnimation(forKey key: String) {
        syncKeys()
        guard let i = animationKeyList.firstIndex(of: key) else { return }
        tree?.willChange(self)
        properties.animations.remove(at: i)
        animationKeyList.remove(at: i)
    }

    /// Removes every animation of this layer.
    public func removeAllAnimations() {
        guard !properties.animations.isEmpty else { return }
        tree?.willChange(self)
        properties.animations.removeAll()
        animationKeyList.removeAll()
    }

    /// The animation added under `key`.
    public func animation(forKey key: String) -> Animation? {
        syncKeys()
        return animationKeyList.firstIndex(of: key).map { properties.animations[$0] }
    }

    /// The keys of the layer's animations, in order (animations added without a key are left out).
    public var animationKeys: [String] {
        syncKeys()
        return animationKeyList.compactMap { $0 }
    }

    /// Keeps one key per animation when `animations` was assigned directly.
    private func syncKeys() {
        if animationKeyList.count != properties.animations.count {
            animationKeyList = Array(repeating: nil, count: properties.animations.count)
        }
    }
}
