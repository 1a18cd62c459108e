extension Animation {
    /// Checks the rules of `validate()` and that every key path it drives (a group's, each of its
    /// animations') is a property of `layer`'s class: a `CATextLayer` key path on a `CAShapeLayer` is
    /// refused with `AnimationError.wrongLayerClass` naming both classes.
    public func validate(for layer: Layer) throws(AnimationError) {
        try validate()
        try checkLayerClass(layer.layerClass)
    }

    private func checkLayerClass(_ layerClass: LayerClass) throws(AnimationError) {
        if case .group(let children) = kind {
            for child in children { try child.checkLayerClass(layerClass) }
            return
        }
        if let expected = keyPath.layerClass, expected != layerClass {
            throw .wrongLayerClass(keyPath: keyPath, expected: expected, got: layerClass)
        }
    }
}
