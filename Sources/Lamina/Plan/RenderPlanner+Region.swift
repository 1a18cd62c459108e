extension RenderPlanner {
    /// Subtrees of more layers than this are not measured whole for culling; their sublayers are, one by one.
    static let cullingSubtreeLimit = 256

    /// Whether everything `layer`'s subtree draws on the canvas (shadows, borders, overflowing sublayers,
    /// anti-aliased edges) lies outside `region`, so that leaving the layer out changes no pixel of it.
    /// The extent is `SceneDamage`'s, the same one that damaged the region.
    /// `transform` maps the layer's bounds space to the canvas.
    func missesRegion(_ layer: Layer, transform: AffineTransform) -> Bool {
        guard let region, !region.rects.isEmpty else { return region != nil }
        guard Self.count(layer, limit: Self.cullingSubtreeLimit) < Self.cullingSubtreeLimit else { return false }
        guard let extent = SceneDamage.extent(of: layer, transform: transform, clip: Rect(0, 0, Double(scene.pixelWidth), Double(scene.pixelHeight))) else { return true }
        return !region.rects.contains { $0.rect.intersection(extent) != nil }
    }

    /// The drawing positions of the sublayers of a canvas-level layer of many that may draw inside the
    /// region (`SublayerIndex`), so that the others are not measured one by one; nil when every one must
    /// be: no region, few sublayers, a layer not mapped to the canvas by scale and translation alone (where
    /// boxes map loosely), or a sublayer that `checkReach` might refuse (they are all placed then, so
    /// the same scene is refused with or without a region).
    func sublayersMeetingRegion(of layer: Layer, transform: AffineTransform, target: Target) -> [Int]? {
        guard target.isCanvas, let region, !region.rects.isEmpty, layer.sublayers.count >= SublayerIndex.minimumCount,
              transform.isAxisAlignedScaleTranslate, let inverse = transform.inverted else { return nil }
        let index = layer.sublayerIndex
        if let reach = index.reach, Self.farthest(transform.boundingBox(of: reach)) > Limits.maxCoordinate / 2 { return nil }
        guard index.largestShadowBlur * transform.meanScale <= Limits.maxShadowSigma else { return nil }
        let margin = SceneDamage.edgeOutset + 1
        return index.positions(meetingAny: region.rects.map { inverse.boundingBox(of: $0.rect.insetBy(dx: -margin, dy: -margin)) })
    }

    /// Of the sublayers at drawing positions `positions` (ascending), those not wholly hidden in every
    /// region rect under the opaque backgrounds of the later ones (`DrawCommand.forEachOpaqueCover`, as
    /// damage occlusion and `RenderPlan.restricted` find them): a hidden one draws no pixel of the region.
    /// `transform` maps the layer's bounds space to the canvas by scale and translation; `clip` is its
    /// sublayers' clip; covers count only at full `alpha`.
    func unhiddenSublayers(_ positions: [Int], of layer: Layer, transform: AffineTransform, alpha: Double, clip: Clip) -> [Int] {
        guard alpha >= 1, let region, positions.count > 1 else { return positions }
        let index = layer.sublayerIndex
        var maps = region.rects.map { CoverMap($0) }
        var kept: [Int] = []
        kept.reserveCapacity(positions.count)
        for k in positions.reversed() {
            guard let local = index.box(at: k) else { kept.append(k); continue }
            let box = transform.boundingBox(of: local).insetBy(dx: -SceneDamage.edgeOutset - 1, dy: -SceneDamage.edgeOutset - 1)
            guard box.width.isFinite, box.height.isFinite, let pixels = PixelRect(enclosing: box),
                  maps.contains(where: { $0.showsAny(of: pixels) }) || maps.allSatisfy({ $0.area.intersection(pixels) == nil }) else { continue }
            kept.append(k)
            let sublayer = layer.sublayers[index.order?[k] ?? k]
            Self.forEachOpaqueCover(of: sublayer, parent: transform, clip: clip, depth: 0) { cover in
                for m in maps.indices where maps[m].area.intersection(cover) != nil { maps[m].cover(cover) }
            }
        }
        return kept.reversed()
    }

    /// The covers of the opaque backgrounds in a subtree drawn at full opacity (no mask, cache or group on
    /// the way), a few levels and sublayers deep: pixels it stores opaquely whatever was drawn before it.
    static func forEachOpaqueCover(of layer: Layer, parent: AffineTransform, clip: Clip, depth: Int, _ body: (PixelRect) -> Void) {
        guard depth < 4, !layer.isHidden, DrawCommand.passesCovers(layer) else { return }
        let transform = layer.transformToSuperlayer.concatenating(parent)
        guard transform.isAxisAlignedScaleTranslate else { return }
        DrawCommand.forEachBackgroundCover(of: layer, transform: transform, clip: clip, body)
        let inner = layer.masksToBounds ? ClipBuilder.adding(layer.roundedBounds, transform: transform, to: clip) : clip
        for sublayer in layer.sublayers.prefix(8) { forEachOpaqueCover(of: sublayer, parent: transform, clip: inner, depth: depth + 1, body) }
    }
}
