import Lamina

/// Draws a `GlyphRun` as its contract states and the GPU path's text run cache does: the run's image (its
/// glyphs blended in order into its box, `GlyphRunImages`) composited source-over, each pixel
/// `compositeColor × texel / 255 × clip` (glyph.frag's arithmetic).
final class GlyphRunRasterizer: Sendable {
    let clip: ClipCoverage
    let x0: Int, y0: Int, x1: Int, y1: Int
    let image: GlyphRunImages.RunImage
    /// The target pixel of the image's top-left texel.
    let originX: Int, originY: Int
    let color: SIMD4<Float>

    init?(_ run: GlyphRun, target: PixelBuffer, images: GlyphRunImages) {
        let clip = ClipCoverage(run.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        self.clip = clip
        let x0 = max(clip.x0, run.box.x), y0 = max(clip.y0, run.box.y)
        let x1 = min(clip.x1, run.box.x + run.box.width), y1 = min(clip.y1, run.box.y + run.box.height)
        guard x1 > x0, y1 > y0 else { return nil }
        (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        (originX, originY) = (run.box.x, run.box.y)
        color = run.compositeColor(shared: run.sharedColor).unit
        image = images.image(of: run)
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let band = rows.intersect(y0..<y1)
        guard !band.isEmpty else { return }
        let color = self.color
        image.pixels.withUnsafeBufferPointer { texels in
            let base = UnsafeMutablePointer(mutating: texels.baseAddress!)
            for y in band {
                let inked = image.inked[y - originY]
                let c = clip.spans(row: y)
                let span = c.outer.intersect(x0..<x1).intersect((originX + inked.lowerBound)..<(originX + inked.upperBound))
                guard !span.isEmpty else { continue }
                let dst = target.row(y)
                let row = base + ((y - originY) * image.width - originX) * 4
                visible.forEach(row: y, in: span) { piece in
                    for x in piece {
                        var k = Blend.load(row + x * 4)
                        if k == .zero { continue }
                        k *= 1 / 255
                        if !c.inner.contains(x) { k *= clip.coverage(x: x, y: y) }
                        Blend.over(color * k, dst + x * 4)
                    }
                }
            }
        }
    }
}
