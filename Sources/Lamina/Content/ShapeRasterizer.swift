/// Coverage of a `CAShapeLayer`'s fill and stroke (SCENE_FORMAT.md "CAShapeLayer") as 8-bit masks over a
/// region of device pixels, by exact-area coverage; the planner colors them (fill first, then stroke).
public enum ShapeRasterizer {
    /// The bytes of stroke outlines the shared cache holds now.
    public static var cachedBytes: Int { StrokeOutlineCache.shared.bytes }

    /// The fill's coverage over `region`, the path in bounds points drawn through `transform` (bounds points →
    /// device pixels) with the layer's fill rule. Nil when there is no path, the fill color is clear, or
    /// the fill covers no pixel of `region`. Throws `RenderCancelled` soon after `cancellation` is cancelled.
    public static func fillMask(_ s: ShapeContent, transform: AffineTransform, region: PixelRect,
                                cancellation: RenderCancellation? = nil) throws -> AlphaMask? {
        guard let path = s.filledPath, s.fillColor.alpha > 0, region.width > 0, region.height > 0, transform.isFinite
        else { return nil }
        let mask = try PathRasterizer.mask(for: path, transform: transform, in: region, cancellation: cancellation)
        return mask.alpha.contains(where: { $0 != 0 }) ? mask : nil
    }

    /// The stroke's coverage over `region` (dashed, trimmed, with its caps and joins: `PathStroker`).
    /// A stroke thinner than a device pixel is drawn 1 px wide with its coverage scaled by its device
    /// width (`HairlineStroke`), so its ink stays proportional to its width. Nil when there is no stroke
    /// (no path, clear color, lineWidth 0, strokeStart ≥ strokeEnd) or it covers no pixel of `region`.
    /// Outlines come from `cache`. Throws `StrokeError` for a bad style or past the stroke limits, and
    /// `RenderCancelled` soon after `cancellation` is cancelled.
    public static func strokeMask(_ s: ShapeContent, transform: AffineTransform, region: PixelRect,
                                  cancellation: RenderCancellation? = nil,
                                  cache: StrokeOutlineCache = .shared) throws -> AlphaMask? {
        guard let path = s.path, s.strokeColor.alpha > 0, region.width > 0, region.height > 0 else { return nil }
        var style = try s.strokeStyle()
        try style.validate()
        guard style.drawsSomething, transform.isFinite else { return nil }
        let hairline = HairlineStroke(lineWidth: style.lineWidth, transform: transform)
        style.lineWidth = hairline.lineWidth
        try cancellation?.check()
        let polygons = try cache.outline(path: path, style: style, transform: transform)
        guard !polygons.isEmpty else { return nil }
        var mask = try PathRasterizer.mask(polygons: polygons, fillRule: .nonZero, in: region, cancellation: cancellation)
        var any = false
        if hairline.isHairline {
            let k = hairline.coverageScale
            for i in mask.alpha.indices where mask.alpha[i] != 0 {
                let v = UInt8(truncatingIfNeeded: Int((Double(mask.alpha[i]) * k).rounded()))
                mask.alpha[i] = v
                if v != 0 { any = true }
            }
        } else {
            any = mask.alpha.contains(where: { $0 != 0 })
        }
        return any ? mask : nil
    }

    /// A box (device pixels) holding everything the shape draws through `transform`: the fill's (from the
    /// path's control points) and the stroke outline's, from the cached outline `strokeMask` draws (so asking
    /// for the box strokes the path once for both). Where the stroke cannot be outlined (a bad style, past
    /// the limits) the box is the control points' widened by the stroke's widest reach (miter tips up to
    /// miterLimit × half the width, square caps √2 × half the width). Nil when nothing is drawn.
    public static func deviceBounds(_ s: ShapeContent, transform: AffineTransform,
                                    cache: StrokeOutlineCache = .shared) -> Rect? {
        guard let path = s.path, transform.isFinite, !path.outline.isEmpty else { return nil }
        var box: Rect?
        if s.fillColor.alpha > 0 {
            box = path.controlBounds(transform: transform)
        }
        var style = StrokeStyle(lineWidth: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit,
                                strokeStart: s.strokeStart, strokeEnd: s.strokeEnd)
        if s.strokeColor.alpha > 0, style.lineWidth.isFinite, style.drawsSomething {
            style.lineWidth = HairlineStroke(lineWidth: style.lineWidth, transform: transform).lineWidth
            style.dash = try? s.strokeStyle().dash
            let polygons = style.dash == nil && s.lineDashPattern != nil ? nil
                : try? cache.outline(path: path, style: style, transform: transform)
            var stroke = polygons.flatMap(bounds(of:))
            if polygons == nil {
                var reach = style.lineCap == .square ? 2.0.squareRoot() : 1
                if style.lineJoin == .miter, style.miterLimit.isFinite { reach = max(reach, style.miterLimit) }
                let r = style.lineWidth / 2 * reach
                stroke = transform.boundingBox(of: path.controlBounds(transform: .identity).insetBy(dx: -r, dy: -r))
            }
            if let stroke { box = box.map { $0.union(stroke) } ?? stroke }
        }
        guard let box, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
    }

    private static func bounds(of polygons: [[Point]]) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        return minX <= maxX && minY <= maxY ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
    }
}
