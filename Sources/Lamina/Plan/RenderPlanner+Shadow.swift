extension RenderPlanner {
    /// A layer's drop shadow: closed form for a rectangle or rounded rectangle (shadowPath, or a
    /// silhouette proven to be one opaque rounded rectangle), a blurred path mask for other shadowPaths,
    /// otherwise the blurred alpha of the layer's own rendering at full opacity.
    mutating func emitShadow(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                             target: Target, path: JSONPath) throws {
        let color = layer.shadowColor.premultiplied.scaled(by: layer.shadowOpacity * alpha)
        guard !color.isTransparent else { return }
        let clip = layer.masksToBounds ? ClipBuilder.adding(layer.roundedBounds, transform: transform, to: clip) : clip
        guard !ClipBuilder.isEmpty(clip) else { return }
        let dx = layer.shadowOffset.width, dy = layer.shadowOffset.height
        let sigma = layer.shadowRadius
        if let shape = closedFormShape(layer) {
            let s = shape.offsetBy(dx: dx, dy: dy)
            guard visible(transform.boundingBox(of: s.rect.insetBy(dx: -ShadowExtent.sigmas * sigma, dy: -ShadowExtent.sigmas * sigma)), clip, target) else { return }
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: s, transform: transform, sigma: sigma, color: color, clip: clip)))
            return
        }
        let sigmaPx = sigma * transform.meanScale
        let reach = Double(BlurRecipe(sigma: sigmaPx).reach)
        if let shadowPath = layer.shadowPath {
            let t = AffineTransform.translation(dx, dy).concatenating(transform)
            let box = shadowPath.bounds(transform: t).insetBy(dx: -reach, dy: -reach)
            guard let region = deviceRegion(box, clip: clip, target: target) else { return }
            try reserveMask(region)
            let mask = try PathRasterizer.mask(for: shadowPath, transform: t, in: region, cancellation: cancellation)
            let origin = PixelPoint(x: region.x, y: region.y)
            if sigmaPx <= 0 {
                commands.append(.maskFill(MaskFill(mask: mask, origin: origin, color: color, clip: clip)))
            } else {
                commands.append(.blurredShadow(BlurredShadow(source: .mask(mask), origin: origin, offset: .zero,
                                                             sigma: sigmaPx, color: color, clip: clip)))
            }
            return
        }
        try emitSilhouetteShadow(layer, transform: transform, clip: clip, color: color, sigmaPx: sigmaPx,
                                 reach: reach, target: target, path: path)
    }

    /// Renders the layer (without its shadow, at full opacity) into a padded offscreen and blurs its alpha.
    mutating func emitSilhouetteShadow(_ layer: Layer, transform: AffineTransform, clip: Clip, color: PremultipliedColor,
                                       sigmaPx: Double, reach: Double, target: Target, path: JSONPath) throws {
        guard let body = LayerBounds.body(layer) else { return }
        let offset = transform.applyToVector(Point(layer.shadowOffset.width, layer.shadowOffset.height))
        let visibleShadow = target.rect.insetBy(dx: -reach, dy: -reach).offsetBy(dx: -offset.x, dy: -offset.y)
        guard let inner = transform.boundingBox(of: body).intersection(visibleShadow)?.integralOutset else { return }
        let pad = Int(saturating: reach)
        let region = PixelRect(x: Int(saturating: inner.minX) - pad, y: Int(saturating: inner.minY) - pad,
                               width: Int(saturating: inner.width) + 2 * pad, height: Int(saturating: inner.height) + 2 * pad)
        let id = try beginOffscreen(region, reason: .shadowSilhouette(layer: Self.displayName(layer, path)))
        let local = transform.concatenating(.translation(-Double(region.x), -Double(region.y)))
        try emitBody(layer, transform: local, clip: .none, alpha: 1,
                     target: Target(width: region.width, height: region.height), path: path, withShadow: false)
        commands.append(.endOffscreen)
        commands.append(.blurredShadow(BlurredShadow(source: .offscreen(id), origin: PixelPoint(x: region.x, y: region.y),
                                                     offset: offset, sigma: sigmaPx, color: color, clip: clip)))
    }

    /// The rounded rectangle (circular corners) that a layer's shadow is exactly cast by, when provable.
    func closedFormShape(_ layer: Layer) -> RoundedRect? {
        if let p = layer.shadowPath {
            switch p {
            case .rect(let r): return RoundedRect(rect: r)
            case .roundedRect(let r, let radius): return RoundedRect(rect: r, cornerRadius: radius)
            default: return nil
            }
        }
        return SilhouetteProof.opaqueRoundedRect(layer, isShadowCaster: true)
    }
}
