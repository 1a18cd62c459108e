import Lamina

/// Draws `MaskFill`: color × mask[x − origin.x, y − origin.y] / 255 × clip.
final class MaskFillRasterizer: Sendable {
    let mask: AlphaMask
    let origin: PixelPoint
    let clip: ClipCoverage
    let color: SIMD4<Float>
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ m: MaskFill, target: PixelBuffer) {
        let clip = ClipCoverage(m.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        mask = m.mask; origin = m.origin; self.clip = clip
        color = m.color.unit
        x0 = max(clip.x0, origin.x); y0 = max(clip.y0, origin.y)
        x1 = min(clip.x1, origin.x + mask.width); y1 = min(clip.y1, origin.y + mask.height)
        guard x1 > x0, y1 > y0 else { return nil }
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        mask.alpha.withUnsafeBufferPointer { alpha in
            for y in rows.intersect(y0..<y1) {
                let c = clip.spans(row: y)
                let src = alpha.baseAddress! + (y - origin.y) * mask.width - origin.x
                let dst = target.row(y)
                visible.forEach(row: y, in: c.outer.intersect(x0..<x1)) { piece in
                    for x in piece where src[x] > 0 {
                        var a = Float(src[x]) * (1 / 255)
                        if !c.inner.contains(x) { a *= clip.coverage(x: x, y: y) }
                        if a > 0 { Blend.over(color * a, dst + x * 4) }
                    }
                }
            }
        }
    }
}
