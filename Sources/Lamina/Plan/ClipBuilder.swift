/// Builds `Clip` values: folds pixel-aligned rectangles into the scissor, keeps the rest as shapes.
enum ClipBuilder {
    /// `clip` ∩ `shape` (in the local space of `transform`).
    static func adding(_ shape: RoundedRect, transform: AffineTransform, to clip: Clip) -> Clip {
        var out = clip
        if shape.isRect && transform.isAxisAlignedScaleTranslate {
            let box = transform.boundingBox(of: shape.rect)
            if isIntegral(box.minX) && isIntegral(box.minY) && isIntegral(box.maxX) && isIntegral(box.maxY) {
                let r = PixelRect(x: Int(saturating: box.minX.rounded()), y: Int(saturating: box.minY.rounded()),
                                  width: Int(saturating: box.width.rounded()), height: Int(saturating: box.height.rounded()))
                out.scissor = out.scissor.map { intersect($0, r) } ?? r
                return out
            }
        }
        out.shapes.append(Clip.Shape(shape: shape, transform: transform))
        return out
    }

    /// True when nothing can pass the clip.
    static func isEmpty(_ clip: Clip) -> Bool {
        if let s = clip.scissor, s.width <= 0 || s.height <= 0 { return true }
        var box: Rect? = clip.scissor?.rect
        for shape in clip.shapes {
            if shape.shape.rect.isEmpty { return true }
            let b = shape.transform.boundingBox(of: shape.shape.rect)
            guard let next = box.map({ $0.intersection(b) }) ?? b else { return true }
            box = next
        }
        return false
    }

    static func isIntegral(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }

    static func intersect(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
