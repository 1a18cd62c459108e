import Lamina

/// Draws `RoundedRectShadow` (σ > 0) from its `ShadowTable`, as the GPU path does: per pixel, the local
/// point in single precision (`SingleShape`'s transform arithmetic), its table coordinates
/// `p·map.xy + map.zw`, the table's bilinear coverage, × clip × color, blended four pixels at a time.
/// Both paths read the same table with the same filter arithmetic, so they round the same coverage.
/// Used for every transform whose shape has a table; shapes too large for one keep the closed form per
/// pixel (`ShadowRasterizer`).
final class TableShadowRasterizer: Sendable {
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
        guard let reach = s.reachPixels(in: clip) else { return nil }
        (x0, y0, x1, y1) = reach
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        let axisAligned = b == 0 && c == 0
        table.values.withUnsafeBufferPointer { samples in
            let values = samples.baseAddress!
            withUnsafeTemporaryAllocation(of: Float.self, capacity: x1 - x0) { buffer in
            withUnsafeTemporaryAllocation(of: (Int, Int, Float).self, capacity: axisAligned ? max(x1 - x0, 1) : 1) { tapBuffer in
                let coverage = buffer.baseAddress! - x0
                if axisAligned {
                    for x in x0..<x1 {
                        tapBuffer[x - x0] = ShadowTable.tap((a * (Float(x) + 0.5) + 0) + tx, count: table.columns, map: map.0, map.2)
                    }
                }
                let taps = tapBuffer.baseAddress! - x0
                for y in ys where !visible.rowIsHidden(y) {
                    let spans = clip.spans(row: y)
                    let py = Float(y) + 0.5
                    let dst = target.row(y)
                    let rowTap = axisAligned ? ShadowTable.tap((0 + d * py) + ty, count: table.rows, map: map.1, map.3) : (0, 0, 0)
                    let r0 = values + rowTap.0 * table.columns, r1 = values + rowTap.1 * table.columns
                    visible.forEach(row: y, in: spans.outer.intersect(x0..<x1)) { piece in
                        var x = piece.lowerBound
                        if axisAligned {
                            while x &+ 4 <= piece.upperBound {
                                let t0 = taps[x], t1 = taps[x &+ 1], t2 = taps[x &+ 2], t3 = taps[x &+ 3]
                                let w = SIMD4<Float>(t0.2, t1.2, t2.2, t3.2)
                                let top = Self.lerp(SIMD4(r0[t0.0], r0[t1.0], r0[t2.0], r0[t3.0]), SIMD4(r0[t0.1], r0[t1.1], r0[t2.1], r0[t3.1]), w)
                                let bottom = Self.lerp(SIMD4(r1[t0.0], r1[t1.0], r1[t2.0], r1[t3.0]), SIMD4(r1[t0.1], r1[t1.1], r1[t2.1], r1[t3.1]), w)
                                let v = Self.lerp(top, bottom, SIMD4(repeating: rowTap.2))
                                UnsafeMutableRawPointer(coverage + x).storeBytes(of: v, as: SIMD4<Float>.self)
                                x &+= 4
                            }
                        }
                        while x < piece.upperBound {
                            if axisAligned {
                                let (i0, i1, wu) = taps[x]
                                coverage[x] = ShadowTable.lerp(ShadowTable.lerp(r0[i0], r0[i1], wu), ShadowTable.lerp(r1[i0], r1[i1], wu), rowTap.2)
                            } else {
                                let px = Float(x) + 0.5
                                let lx = (a * px + c * py) + tx, ly = (b * px + d * py) + ty
                                coverage[x] = table.coverage(u: lx * map.0 + map.2, v: ly * map.1 + map.3, samples: values)
                            }
                            x &+= 1
                        }
                        if spans.inner.lowerBound > piece.lowerBound || spans.inner.upperBound < piece.upperBound {
                            for x in piece where !spans.inner.contains(x) { coverage[x] *= clip.coverage(x: x, y: y) }
                        }
                        Blend.coverageRow(color, coverage: coverage + piece.lowerBound, dst + piece.lowerBound * 4, count: piece.count)
                    }
                }
            }
            }
        }
    }
}

extension TableShadowRasterizer {
    /// `ShadowTable.lerp` for four lanes.
    @inline(__always) static func lerp(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ w: SIMD4<Float>) -> SIMD4<Float> {
        let product: SIMD4<Double> = SIMD4<Double>(w) * SIMD4<Double>(b - a)
        return SIMD4<Float>(product + SIMD4<Double>(a))
    }
}

private extension ShadowTable {
    /// The tap of local coordinate `l` mapped to unit coordinates `l·scale + offset`.
    @inline(__always) static func tap(_ l: Float, count: Int, map scale: Float, _ offset: Float) -> (Int, Int, Float) {
        tap(l * scale + offset, count: count)
    }
}
