// Stand-ins until the gradient and shape rasterizers land (replaced at merge).
public enum GradientRasterizer {
    public static func pixels(_ g: GradientContent, bounds: Rect, transform: AffineTransform, region: PixelRect,
                              cancellation: RenderCancellation? = nil) throws -> [UInt8]? {
        guard let c = g.colors.last else { return nil }
        let p = c.premultiplied
        let px: [UInt8] = [UInt8(p.red * 255), UInt8(p.green * 255), UInt8(p.blue * 255), UInt8(p.alpha * 255)]
        return Array((0..<region.area).map { _ in px }.joined())
    }
}

public enum ShapeRasterizer {
    public static func fillMask(_ s: ShapeContent, transform: AffineTransform, region: PixelRect,
                                cancellation: RenderCancellation? = nil) throws -> AlphaMask? {
        guard let p = s.filledPath else { return nil }
        return PathRasterizer.mask(for: p, transform: transform, in: region)
    }
    public static func strokeMask(_ s: ShapeContent, transform: AffineTransform, region: PixelRect,
                                  cancellation: RenderCancellation? = nil) throws -> AlphaMask? {
        guard let p = s.path else { return nil }
        let polygons = try PathStroker.outline(path: p, style: try s.strokeStyle(), transform: transform)
        return PathRasterizer.mask(polygons: polygons, fillRule: .nonZero, in: region)
    }
    public static func deviceBounds(_ s: ShapeContent, transform: AffineTransform) -> Rect? {
        guard let p = s.path else { return nil }
        let r = max(s.lineWidth, 0) * max(s.miterLimit, 1.5) * PathStroker.maxScale(transform)
        return p.bounds(transform: transform).insetBy(dx: -r - 1, dy: -r - 1)
    }
}
