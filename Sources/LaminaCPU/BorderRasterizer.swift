import Lamina

/// Draws `Border`: color × clamp(cov(outer) − cov(inner), 0, 1) × clip. Pixels fully inside the
/// inner shape are skipped; pixels fully inside the outer one and outside the inner one are solid.
final class BorderRasterizer: Sendable {
    let outer: ShapeCoverage
    /// The inner shape; when `hasInner` is false (empty inner shape: the border covers the whole
    /// outer shape) a stand-in that is never read.
    let inner: ShapeCoverage
    let hasInner: Bool
    let clip: ClipCoverage
    let color: SIMD4<Float>
    let opaque: SIMD4<UInt8>?
    /// What blending stores for this color at coverage 1 when it is opaque (`Blend.solidWord(of:)`).
    let solidEdge: UInt32?

    init?(_ border: Border, target: PixelBuffer) {
        guard let o = ShapeCoverage(shape: border.outer, transform: border.transform) else { return nil }
        let clip = ClipCoverage(border.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        outer = o
        let i = ShapeCoverage(shape: border.inner, transform: border.transform)
        inner = i ?? o
        hasInner = i != nil
        self.clip = clip
        color = border.color.unit
        opaque = border.color.alpha >= 1 ? border.color.bytes : nil
        solidEdge = Blend.solidWord(of: border.color)
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { clip.limit(outer.bounds) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let ys = clip.rows(rows).intersect(outer.bounds.y0..<outer.bounds.y1)
        for y in ys {
            let o = outer.spans(row: y), c = clip.spans(row: y)
            let whole = o.outer.intersect(c.outer)
            guard !whole.isEmpty else { continue }
            let i = hasInner ? inner.spans(row: y) : (outer: 0..<0, inner: 0..<0)
            let row = target.row(y)
            visible.forEach(row: y, in: whole) { span in
                drawSpan(span, y: y, o: o, i: i, c: c, row: row)
            }
        }
    }

    @inline(__always) private func drawSpan(_ span: Range<Int>, y: Int, o: (outer: Range<Int>, inner: Range<Int>),
                                            i: (outer: Range<Int>, inner: Range<Int>), c: (outer: Range<Int>, inner: Range<Int>),
                                            row: UnsafeMutablePointer<UInt8>) {
        var x = span.lowerBound
        while x < span.upperBound {
            if i.inner.contains(x) { x = i.inner.upperBound; continue }
            let solid = o.inner.contains(x) && !i.outer.contains(x) && c.inner.contains(x)
            if solid {
                var end = min(o.inner.upperBound, c.inner.upperBound, span.upperBound)
                if i.outer.lowerBound > x { end = min(end, i.outer.lowerBound) }
                Blend.span(color, opaque: opaque, row + x * 4, count: end - x)
                x = end
                continue
            }
            let co = o.inner.contains(x) ? 1 : outer.coverage(x: x, y: y)
            let ci: Float = i.outer.contains(x) ? (i.inner.contains(x) ? 1 : inner.coverage(x: x, y: y)) : 0
            let cov = min(max(co - ci, 0), 1)
            if cov > 0 {
                let cc = c.inner.contains(x) ? 1 : clip.coverage(x: x, y: y)
                if cc > 0 { Blend.over(color, coverage: cov * cc, solid: solidEdge, row + x * 4) }
            }
            x += 1
        }
    }
}
