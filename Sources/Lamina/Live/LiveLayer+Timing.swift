extension LiveLayer {
    /// The local time of this layer (its own `timing` and its ancestors') at tree time `t`; nil when
    /// the layer is not in a tree's hierarchy.
    func localTime(atTreeTime t: Double) -> Double? {
        var chain: [LiveLayer] = []
        var l: LiveLayer? = self
        while let x = l {
            chain.append(x)
            l = x.superlayer ?? x.maskedLayer
        }
        return chain.reversed().reduce(t) { $1.properties.timing.localTime($0) }
    }

    /// The superlayer's local time at tree time `t` (the time a presentation of this layer is sampled at).
    func superlayerTime(atTreeTime t: Double) -> Double {
        (superlayer ?? maskedLayer)?.localTime(atTreeTime: t) ?? t
    }

    /// The layer as it is shown at the tree's current time (CALayer's `presentation()`): its subtree with
    /// every animated property at its sampled value. Without a tree, the model.
    public func presentation() -> Layer {
        guard let tree else { return snapshot() }
        return snapshot().presentation(at: superlayerTime(atTreeTime: tree.currentTime))
    }

    /// The layer's model (CALayer's `model()`): the values set, not the animated ones.
    public func model() -> Layer { snapshot() }

    /// The animation an implicit change of `keyPath` starts, with its key, when the tree animates changes
    /// and neither the open transaction nor `actions` turns it off; nil otherwise.
    func implicitAnimation<T>(_ keyPath: WritableKeyPath<Layer, T>, in tree: LayerTree) -> (Animation, String)? {
        guard tree.implicitAnimations, let path = LiveLayer.implicitKeyPaths[keyPath] else { return nil }
        let settings = tree.transactionSettings
        guard !settings.disableActions else { return nil }
        let key = path.rawValue
        var animation: Animation
        switch actions[key] {
        case .disabled?: return nil
        case .animation(let template)?:
            animation = template
            animation.keyPath = path
        case nil:
            animation = Animation(keyPath: path, duration: settings.animationDuration)
            animation.timingFunction = settings.timingFunction
        }
        let time = superlayerTime(atTreeTime: tree.currentTime)
        let shown = properties.presentation(at: time)
        animation.from = path.value(of: shown)
        animation.to = nil
        animation.values = nil
        animation.beginTime = properties.timing.localTime(time)
        return (animation, key)
    }

    /// The properties a setter animates implicitly, by their `Layer` key paths.
    nonisolated(unsafe) static let implicitKeyPaths: [PartialKeyPath<Layer>: AnimationKeyPath] = [
        \Layer.position: .position, \Layer.anchorPoint: .anchorPoint, \Layer.shadowOffset: .shadowOffset,
        \Layer.opacity: .opacity, \Layer.cornerRadius: .cornerRadius, \Layer.borderWidth: .borderWidth,
        \Layer.shadowOpacity: .shadowOpacity, \Layer.shadowRadius: .shadowRadius, \Layer.zPosition: .zPosition,
        \Layer.bounds: .bounds, \Layer.contentsRect: .contentsRect, \Layer.backgroundColor: .backgroundColor,
        \Layer.borderColor: .borderColor, \Layer.shadowColor: .shadowColor, \Layer.affineTransform: .affineTransform,
    ]
}
