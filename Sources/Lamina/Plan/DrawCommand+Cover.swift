extension DrawCommand {
    /// Pixels the command stores opaquely whatever lies below, as at most four rects: the interior of
    /// an opaque fill, or of an unmasked draw of an opaque image (`Image.isOpaque`, one of `images`) at
    /// opacity 1, under a transform that only scales and translates, inside its clip, one pixel in from
    /// every anti-aliased edge (so both backends' coverage there is exactly 1). Empty for every other
    /// command. A pixel covered here ends with this store, so nothing drawn before it on the same target
    /// shows there.
    public func opaqueCover(images: [Image] = []) -> [PixelRect] {
        var cover: [PixelRect] = []
        forEachOpaqueCover(images: images) { cover.append($0) }
        return cover
    }

    /// Where the command replaces its target with an opaque color at coverage exactly 1, in target pixels
    /// (not whole ones): the straight-sided arms of an opaque fill with no clip shapes, inside its scissor;
    /// empty for every other command. Finer than `opaqueCover` (no pixel of margin), for a backend that
    /// paints these interiors itself before the draws they hide (the GPU's opaque pass).
    public var opaqueArea: [Rect] {
        guard case .fill(let fill) = self, fill.color.alpha == 1, fill.clip.shapes.isEmpty,
              fill.transform.inverted != nil else { return [] }
        var area = fill.shape.fullCoverage(transform: fill.transform)
        if let s = fill.clip.scissor {
            let box = Rect(Double(s.x), Double(s.y), Double(s.width), Double(s.height))
            area = area.map { Rect(minX: max($0.minX, box.minX), minY: max($0.minY, box.minY),
                                   maxX: min($0.maxX, box.maxX), maxY: min($0.maxY, box.maxY)) }
        }
        return area
    }

    /// Whether a layer's opaque pixels reach its superlayer's target as they are: drawn at opacity 1, without
    /// a mask or a rasterize cache on the way.
    static func passesCovers(_ layer: Layer) -> Bool {
        layer.opacity >= 1 && layer.mask == nil && !layer.shouldRasterize
    }

    /// Calls `body` with the `opaqueCover` of `layer`'s own background fill at `transform` inside `clip` (none
    /// unless the background is opaque).
    static func forEachBackgroundCover(of layer: Layer, transform: AffineTransform, clip: Clip, _ body: (PixelRect) -> Void) {
        guard layer.backgroundColor.alpha >= 1, !layer.bounds.isEmpty else { return }
        fill(Fill(shape: layer.roundedBounds, transform: transform, color: layer.backgroundColor.premultiplied, clip: clip))
            .forEachOpaqueCover(body)
    }

    /// Calls `body` with each rect of `opaqueCover(images:)`.
    public func forEachOpaqueCover(images: [Image] = [], _ body: (PixelRect) -> Void) {
        switch self {
        case .fill(let f) where f.color.alpha >= 1:
            Self.forEachSolidRect(of: f.shape, transform: f.transform, clip: f.clip, body)
        case .image(let d) where d.opacity >= 1 && d.mask == nil:
            guard case .image(let index, _) = d.source, images.indices.contains(index), images[index].isOpaque else { return }
            Self.forEachSolidRect(of: RoundedRect(rect: d.destination), transform: d.transform, clip: d.clip, body)
        default:
            return
        }
    }

    /// The rects of `shape` at `transform` inside `clip` whose coverage is exactly 1 on both backends.
    private static func forEachSolidRect(of shape: RoundedRect, transform: AffineTransform, clip: Clip, _ body: (PixelRect) -> Void) {
        guard transform.isAxisAlignedScaleTranslate else { return }
        var cover = solidCross(shape, transform)
        for s in clip.shapes where s.shape != shape || s.transform != transform {
            guard s.transform.isAxisAlignedScaleTranslate else { return }
            let inner = solidCross(s.shape, s.transform)
            cover = largest(cover.flatMap { a in inner.compactMap { a.intersection($0) } })
        }
        for r in cover {
            if let s = clip.scissor { s.intersection(r).map(body) } else { body(r) }
        }
    }

    /// The two bands of a rounded rect that no corner curve reaches (full width between the corners'
    /// extents, full height between them; one band for a plain rect), in whole target pixels one pixel in
    /// from each edge.
    private static func solidCross(_ shape: RoundedRect, _ transform: AffineTransform) -> [PixelRect] {
        let r = shape.rect
        let extent = { (radius: Double) in radius > 0 ? RoundedRect.curveExtent(radius: radius, curve: shape.curve, rect: r) : 0 }
        let top = max(extent(shape.radii.topLeft), extent(shape.radii.topRight))
        let bottom = max(extent(shape.radii.bottomLeft), extent(shape.radii.bottomRight))
        let left = max(extent(shape.radii.topLeft), extent(shape.radii.bottomLeft))
        let right = max(extent(shape.radii.topRight), extent(shape.radii.bottomRight))
        let wide = inside(Rect(minX: r.minX, minY: r.minY + top, maxX: r.maxX, maxY: r.maxY - bottom), transform)
        guard top > 0 || bottom > 0 || left > 0 || right > 0 else { return [wide].compactMap { $0 } }
        return [wide, inside(Rect(minX: r.minX + left, minY: r.minY, maxX: r.maxX - right, maxY: r.maxY), transform)].compactMap { $0 }
    }

    /// The whole target pixels one pixel in from the edges of `band` mapped by `transform`.
    private static func inside(_ band: Rect, _ transform: AffineTransform) -> PixelRect? {
        guard band.width > 0, band.height > 0 else { return nil }
        let b = transform.boundingBox(of: band)
        guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite else { return nil }
        let x0 = Int(saturating: b.minX.rounded(.up)) + 1, y0 = Int(saturating: b.minY.rounded(.up)) + 1
        let x1 = Int(saturating: b.maxX.rounded(.down)) - 1, y1 = Int(saturating: b.maxY.rounded(.down)) - 1
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rects not inside another of them, the four largest.
    private static func largest(_ rects: [PixelRect]) -> [PixelRect] {
        var kept: [PixelRect] = []
        for (i, r) in rects.enumerated() where r.area > 0 {
            let inside = rects.enumerated().contains { j, o in
                j != i && o.contains(r) && (o != r || j < i)
            }
            if !inside { kept.append(r) }
        }
        return Array(kept.sorted { $0.area > $1.area }.prefix(4))
    }
}

extension RoundedRect {
    /// Where the shape's coverage is exactly 1 under `transform` (its two straight-sided arms, inset by ½ px
    /// and a margin), in target pixels; empty unless the transform only scales and translates and the corners
    /// are circular.
    public func fullCoverage(transform: AffineTransform) -> [Rect] {
        guard transform.isAxisAlignedScaleTranslate, curve == .circular || radii.isZero else { return [] }
        let e = 0.5 / transform.meanScale + 1e-3
        let r = radii.maximum
        let arms = [Rect(minX: rect.minX + e, minY: rect.minY + r + e, maxX: rect.maxX - e, maxY: rect.maxY - r - e),
                    Rect(minX: rect.minX + r + e, minY: rect.minY + e, maxX: rect.maxX - r - e, maxY: rect.maxY - e)]
        return arms.filter { $0.maxX > $0.minX && $0.maxY > $0.minY }.map { transform.boundingBox(of: $0) }
    }
}
