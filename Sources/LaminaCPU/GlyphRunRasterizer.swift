import Lamina

/// Draws a `GlyphRun`: glyph after glyph, each pixel `color × texel / 255 × clip` source-over, the
/// arithmetic of the GPU path's glyph quads (glyph.frag).
final class GlyphRunRasterizer: Sendable {
    let glyphs: [PlacedGlyph]
    let clip: ClipCoverage
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ run: GlyphRun, target: PixelBuffer) {
        let clip = ClipCoverage(run.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        self.clip = clip
        x0 = max(clip.x0, run.box.x); y0 = max(clip.y0, run.box.y)
        x1 = min(clip.x1, run.box.x + run.box.width); y1 = min(clip.y1, run.box.y + run.box.height)
        guard x1 > x0, y1 > y0 else { return nil }
        let (cx0, cy0, cx1, cy1) = (x0, y0, x1, y1)
        glyphs = run.glyphs.filter { g in
            g.origin.x < cx1 && g.origin.y < cy1 && g.origin.x + g.image.width > cx0 && g.origin.y + g.image.height > cy0
        }
        guard !glyphs.isEmpty else { return nil }
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let band = rows.intersect(y0..<y1)
        guard !band.isEmpty else { return }
        for g in glyphs {
            let ys = band.intersect(g.origin.y..<(g.origin.y + g.image.height))
            guard !ys.isEmpty else { continue }
            let color = g.color.unit
            let image = g.image
            let columns = x0..<x1
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in ys {
                    let c = clip.spans(row: y)
                    let span = c.outer.intersect(columns).intersect(g.origin.x..<(g.origin.x + image.width))
                    guard !span.isEmpty else { continue }
                    let dst = target.row(y)
                    let rowStart = (y - g.origin.y) * image.width
                    visible.forEach(row: y, in: span) { piece in
                        for x in piece {
                            let i = rowStart + x - g.origin.x
                            var k: SIMD4<Float>
                            if image.format == .coverage {
                                let t = pixels[i]
                                if t == 0 { continue }
                                k = SIMD4(repeating: Float(t) * (1 / 255))
                            } else {
                                let t = SIMD4<Float>(Float(pixels[4 * i]), Float(pixels[4 * i + 1]), Float(pixels[4 * i + 2]), Float(pixels[4 * i + 3]))
                                if t == .zero { continue }
                                k = t * (1 / 255)
                            }
                            if !c.inner.contains(x) { k *= clip.coverage(x: x, y: y) }
                            Blend.over(color * k, dst + x * 4)
                        }
                    }
                }
            }
        }
    }
}
