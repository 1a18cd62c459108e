import Lamina

/// Draws `RoundedRectShadow` (σ > 0) from its `ShadowTable`, as the GPU path does: per pixel, the local
/// point in single precision (`SingleShape`'s transform arithmetic), its table coordinates
/// `p·map.xy + map.zw`, the table's bilinear coverage, × clip × color, blended four pixels at a time.
/// Both paths read the same table with the same filter arithmetic, so they round the same coverage.
struct TableShadowRasterizer {
    let table: ShadowTable
    let clip: ClipCoverage
    let color: SIMD4<Float>
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    let map: (Float, Float, Float, Float)
    let x0: Int, y0: Int, x1: Int, y1: Int

    init?(_ s: RoundedRectShadow, table: ShadowTable, target: PixelBuffer) {
        guard let inv = s.transform.inverted, !s.shape.rect.isEmpty else { return nil }
        let clip = ClipCoverage(s.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        self.table = table
        self.clip = clip
        color = s.color.unit
        a = Float(inv.a); b = Float(inv.b); c = Float(inv.c); d = Float(inv.d)
        tx = Float(inv.tx); ty = Float(inv.ty)
        map = table.textureMap(shapeOrigin: Point(s.shape.rect.minX, s.shape.rect.minY))
        let reach = 4 * s.sigma * s.transform.meanScale + 1
        let box = s.transform.boundingBox(of: s.shape.rect)
        x0 = max(clip.x0, Int(saturating: (box.minX - reach).rounded(.down)))
        y0 = max(clip.y0, Int(saturating: (box.minY - reach).rounded(.down)))
        x1 = min(clip.x1, Int(saturating: (box.maxX + reach).rounded(.up)))
        y1 = min(clip.y1, Int(saturating: (box.maxY + reach).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: Visibility = .all) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        table.values.withUnsafeBufferPointer { samples in
            let values = samples.baseAddress!
            withUnsafeTemporaryAllocation(of: Float.self, capacity: x1 - x0) { buffer in
                let coverage = buffer.baseAddress! - x0
                for y in ys where !visible.rowIsHidden(y) {
                    let spans = clip.spans(row: y)
                    let py = Float(y) + 0.5
                    let dst = target.row(y)
                    visible.forEach(row: y, in: spans.outer.intersect(x0..<x1)) { piece in
                        for x in piece {
                            let px = Float(x) + 0.5
                            let lx = (a * px + c * py) + tx, ly = (b * px + d * py) + ty
                            var v = table.coverage(u: lx * map.0 + map.2, v: ly * map.1 + map.3, samples: values)
                            if !spans.inner.contains(x) { v *= clip.coverage(x: x, y: y) }
                            coverage[x] = v
                        }
                        Blend.coverageRow(color, coverage: coverage + piece.lowerBound, dst + piece.lowerBound * 4, count: piece.count)
                    }
                }
            }
        }
    }
}
