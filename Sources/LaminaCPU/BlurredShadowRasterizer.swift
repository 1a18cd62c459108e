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

    /// The plane's value at column `x` of `row` (nil: a row outside the plane), transparent outside.
    @inline(__always) private static func texel(_ row: UnsafePointer<Float>?, _ x: Int, width: Int) -> Float {
        guard let row, x >= 0, x < width else { return 0 }
        return row[x]
    }

    /// Each visible piece of a row: its coverages into a row buffer (the column taps are the same on every
    /// row, so they are worked out once per call), the clip's edge applied, then blended as a run.
    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        let w = blurred.width, h = blurred.height
        blurred.values.withUnsafeBufferPointer { values in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: x1 - x0) { buffer in
            withUnsafeTemporaryAllocation(of: (Int, Float).self, capacity: x1 - x0) { tapBuffer in
                for x in x0..<x1 { tapBuffer[x - x0] = tap(x, origin: originX) }
                let coverage = buffer.baseAddress! - x0, taps = tapBuffer.baseAddress! - x0
                for y in ys where !visible.rowIsHidden(y) {
                    let c = clip.spans(row: y)
                    let span = c.outer.intersect(x0..<x1)
                    let (ty, fy) = tap(y, origin: originY)
                    let top = ty >= 0 && ty < h ? values.baseAddress! + ty * w : nil
                    let bottom = ty >= -1 && ty + 1 < h ? values.baseAddress! + (ty + 1) * w : nil
                    guard !span.isEmpty, top != nil || bottom != nil else { continue }
                    let dst = target.row(y)
                    visible.forEach(row: y, in: span) { piece in
                        for x in piece {
                            let (tx, fx) = taps[x]
                            let upper = Self.mix(Self.texel(top, tx, width: w), Self.texel(top, tx + 1, width: w), fx)
                            let lower = Self.mix(Self.texel(bottom, tx, width: w), Self.texel(bottom, tx + 1, width: w), fx)
                            coverage[x] = Self.mix(upper, lower, fy)
                        }
                        if c.inner.lowerBound > piece.lowerBound || c.inner.upperBound < piece.upperBound {
                            for x in piece where !c.inner.contains(x) { coverage[x] *= clip.coverage(x: x, y: y) }
                        }
                        Blend.coverageRow(color, coverage: coverage + piece.lowerBound, dst + piece.lowerBound * 4, count: piece.count)
                    }
                }
            }
            }
        }
    }
}
