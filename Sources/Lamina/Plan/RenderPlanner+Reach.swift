extension RenderPlanner {
    /// Refuses a layer whose geometry lies past Lamina's working range: its bounds, its shadow (offset,
    /// blur and `shadowPath`) or the transform carrying them reach further than `Limits.maxCoordinate`
    /// pixels from the canvas origin (a transform whose scale overflows reaches infinitely far), or its
    /// shadow blurs wider than `Limits.maxShadowSigma` pixels.
    ///
    /// Such values are finite and allowed by the format, but no drawable result depends on them
    /// exactly; refusing them (as SCENE_FORMAT.md's limits do) keeps every later pixel computation in a
    /// range where doubles, floats and integers stay exact enough and never overflow.
    func checkReach(_ layer: Layer, transform: AffineTransform, path: @autoclosure () -> JSONPath) throws {
        var farthest = transform.determinant.isFinite ? Self.farthest(transform.boundingBox(of: layer.bounds)) : .infinity
        if layer.shadowOpacity > 0 {
            let sigma = layer.shadowRadius * transform.meanScale
            guard sigma <= Limits.maxShadowSigma else {
                throw RenderError(.badInput, "\(path()).shadowRadius: the shadow blurs \(Format.number(sigma)) px wide (σ); "
                                  + "the limit is \(Format.number(Limits.maxShadowSigma)) px")
            }
            let offset = AffineTransform.translation(layer.shadowOffset.width, layer.shadowOffset.height).concatenating(transform)
            let cast = layer.shadowPath.map { $0.controlBounds(transform: offset) } ?? offset.boundingBox(of: layer.bounds)
            farthest = max(farthest, Self.farthest(cast) + ShadowExtent.sigmas * sigma)
        }
        guard farthest <= Limits.maxCoordinate else {
            throw RenderError(.badInput, "\(path()): the layer reaches \(Format.number(farthest)) px from the canvas origin; "
                              + "the limit is \(Format.number(Limits.maxCoordinate)) px")
        }
    }

    /// The largest coordinate magnitude of a box; infinity when any is not finite.
    static func farthest(_ box: Rect) -> Double {
        let m = max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
        return m.isNaN ? .infinity : m
    }
}
