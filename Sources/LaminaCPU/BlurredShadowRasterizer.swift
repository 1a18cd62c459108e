import Lamina

/// Draws `BlurredShadow` (step 3 of `BlurRecipe`): color × the blurred alpha read bilinearly at
/// low-resolution coordinate `(p + 0.5) / factor − 0.5`, p = pixel − origin − offset, × clip.
final class BlurredShadowRasterizer: Sendable {
    let blurred: BlurredAlpha
    let clip: ClipCoverage
    let color: SIMD4<Float>
    /// Full-resolution position of the source's top-left pixel: origin + offset.
    let originX: Double, originY: Double
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ s: BlurredShadow, blurred: BlurredAlpha, target: PixelBuffer) {
        let clip = ClipCoverage(s.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty, blurred.width > 0, blurred.height > 0 else { return nil }
        self.blurred = blurred
        self.clip = clip
        color = s.color.unit
        originX = Double(s.origin.x) + s.offset.x
        originY = Double(s.origin.y) + s.offset.y
        let f = Double(blurred.factor)
        x0 = max(clip.x0, Int(saturating: (originX - f).rounded(.down)))
        y0 = max(clip.y0, Int(saturating: (originY - f).rounded(.down)))
        x1 = min(clip.x1, Int(saturating: (originX + Double(blurred.width + 1) * f).rounded(.up)))
        y1 = min(clip.y1, Int(saturating: (originY + Double(blurred.height + 1) * f).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
    }

    /// Low-resolution tap of full-resolution pixel index `i` on an axis whose source starts at `origin`,
    /// in single precision as the GPU's composite computes it.
    @inline(__always) private func tap(_ i: Int, origin: Double) -> (Int, Float) {
        let c = ((Float(i) - Float(origin)) + 0.5) / Float(blurred.factor) - 0.5
        let fl = c.rounded(.down)
        return (Int(fl > -2 ? min(fl, Float(Int32.max / 2)) : -2), c - fl)
    }

    /// GLSL's `mix(a, b, t)` = a·(1 − t) + b·t.
    @inline(__always) private static func mix(_ a: Float, _ b: Float, _ t: Float) -> Float { a * (1 - t) + b * t }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        for y in ys {
            let c = clip.spans(row: y)
            let span = c.outer.intersect(x0..<x1)
            guard !span.isEmpty else { continue }
            let (ty, fy) = tap(y, origin: originY)
            let dst = target.row(y)
            visible.forEach(row: y, in: span) { piece in
                for x in piece {
                    let (tx, fx) = tap(x, origin: originX)
                    let top = Self.mix(blurred.texel(tx, ty), blurred.texel(tx + 1, ty), fx)
                    let bottom = Self.mix(blurred.texel(tx, ty + 1), blurred.texel(tx + 1, ty + 1), fx)
                    var a = Self.mix(top, bottom, fy)
                    if a > 0 && !c.inner.contains(x) { a *= clip.coverage(x: x, y: y) }
                    if a > 0 { Blend.over(color * min(a, 1), dst + x * 4) }
                }
            }
        }
    }
}
