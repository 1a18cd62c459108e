import Lamina

/// Draws `Fill`: color × rounded-rect coverage × clip. Fully covered runs are blended (or stored,
/// when opaque) without coverage math; only the anti-aliased band is evaluated per pixel.
final class FillRasterizer: Sendable {
    let shape: ShapeCoverage
    let clip: ClipCoverage
    let color: SIMD4<Float>
    let opaque: SIMD4<UInt8>?
    /// What blending stores for this color at coverage 1 (`Blend.solidWord(of:)`): edge pixels covered wholly store it.
    let solidEdge: UInt32?

    convenience init?(_ fill: Fill, target: PixelBuffer) {
        self.init(shape: fill.shape, transform: fill.transform, color: fill.color, clip: fill.clip, target: target)
    }

    init?(shape: RoundedRect, transform: AffineTransform, color: PremultipliedColor, clip: Clip, target: PixelBuffer) {
        guard !color.isTransparent || color.red > 0 || color.green > 0 || color.blue > 0,
              let coverage = ShapeCoverage(shape: shape, transform: transform) else { return nil }
        let clip = ClipCoverage(clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        self.shape = coverage
        self.clip = clip
        self.color = color.unit
        opaque = color.alpha >= 1 ? color.bytes : nil
        solidEdge = Blend.solidWord(of: color)
    }

    /// The pixels of row `y` this fill stores its opaque color into (full shape and clip coverage);
    /// empty unless the color is opaque.
    @inline(__always) func solidSpan(row y: Int) -> Range<Int> {
        guard opaque != nil, y >= clip.y0, y < clip.y1 else { return 0..<0 }
        let s = shape.spans(row: y)
        guard !s.inner.isEmpty else { return 0..<0 }
        return s.inner.intersect(clip.spans(row: y).inner)
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { clip.limit(shape.bounds) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let shape = self.shape, clip = self.clip, color = self.color, opaque = self.opaque, solid = solidEdge
        let ys = clip.rows(rows).intersect(shape.bounds.y0..<shape.bounds.y1)
        for y in ys {
            let s = shape.spans(row: y), c = clip.spans(row: y)
            let outer = s.outer.intersect(c.outer)
            guard !outer.isEmpty else { continue }
            let row = target.row(y)
            visible.forEach(row: y, in: outer) { piece in
                let inner = s.inner.intersect(c.inner).intersect(piece)
                var x = piece.lowerBound
                while x < piece.upperBound {
                    if x == inner.lowerBound && !inner.isEmpty {
                        Blend.span(color, opaque: opaque, row + x * 4, count: inner.count)
                        x = inner.upperBound
                        continue
                    }
                    let sc = s.inner.contains(x) ? 1 : shape.coverage(x: x, y: y)
                    if sc > 0 {
                        let cc = c.inner.contains(x) ? 1 : clip.coverage(x: x, y: y)
                        if cc > 0 { Blend.over(color, coverage: sc * cc, solid: solid, row + x * 4) }
                    }
                    x += 1
                }
            }
        }
    }
}
