import Lamina

/// Draws `RoundedRectShadow` in closed form (shapes too large for a `ShadowTable`): color ×
/// `ShadowMath.coverage` × clip, within the shape's bounding box outset by 4σ + 1 pixels.
///
/// With an axis-aligned transform the rectangle term is separable (one erf pair per column and per
/// row), and each corner notch is evaluated only in its zone (within 4σ of the corner square) with the
/// same 16-point Gauss–Legendre rule as `ShadowMath.notch`. When the radius is at most 8σ the whole
/// notch fits one quadrature window, so the integrand splits into a per-row Gaussian vector and a
/// per-column erf vector (stored transposed, four columns per block) and each pixel costs a 16-term
/// dot product. Rows are blended four pixels at a time, only on the visible pieces of each row (see
/// `VisibleSpans`). Coverage never exceeds the rectangle term (column term × row term), so rows and
/// columns whose term is at most `Blend.invisibleCoverage` are skipped: blending there would store
/// the same bytes. Other transforms call `ShadowMath.coverage` per pixel.
final class ShadowRasterizer: Sendable {
    /// One rounded corner's notch, in the local frame of the corner (x, y grow into the rectangle).
    struct Notch {
        let cornerX: Double, cornerY: Double, dirX: Double, dirY: Double, radius: Double
        /// The notch fits one quadrature window: fixed nodes.
        let fixedNodes: Bool
        /// Fixed-mode node widths and weights (weights include the half-interval and the Gaussian's norm).
        let widths: SIMD16<Float>
        let nodeT: SIMD16<Float>
    }

    let shape: RoundedRect
    let sigma: Double
    let inverse: AffineTransform
    let axisAligned: Bool
    let clip: ClipCoverage
    let color: SIMD4<Float>
    let x0: Int, y0: Int, x1: Int, y1: Int
    let notches: [Notch]
    /// Per notch: the notch whose column table it shares (same corner column, direction and radius).
    let tableOwner: [Int]
    /// Per notch: the notch whose per-row Gaussian terms it shares (same corner row, direction and radius).
    let rowOwner: [Int]

    static let nodes = SIMD16<Float>(ShadowMath.nodes.map(Float.init))
    static let weights = SIMD16<Float>(ShadowMath.weights.map(Float.init))

    init?(_ s: RoundedRectShadow, target: PixelBuffer) {
        guard s.sigma > 0, let inv = s.transform.inverted, !s.shape.rect.isEmpty else { return nil }
        let clip = ClipCoverage(s.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        shape = s.shape; sigma = s.sigma; inverse = inv; self.clip = clip
        color = s.color.unit
        axisAligned = inv.b == 0 && inv.c == 0
        guard let reach = s.reachPixels(in: clip) else { return nil }
        (x0, y0, x1, y1) = reach
        let r = s.shape.rect, radii = s.shape.radii
        let corners = [(radii.topLeft, r.minX, r.minY, 1.0, 1.0), (radii.topRight, r.maxX, r.minY, -1, 1),
                       (radii.bottomRight, r.maxX, r.maxY, -1, -1), (radii.bottomLeft, r.minX, r.maxY, 1, -1)]
        notches = corners.compactMap { (radius, cx, cy, dx, dy) -> Notch? in
            guard radius > 0 else { return nil }
            let fixed = radius <= 8 * s.sigma
            let t = (SIMD16<Double>(ShadowMath.nodes) + 1) * (radius / 2)
            let u = radius - t
            let w = radius - (radius * radius - u * u).clamped(lowerBound: .zero, upperBound: SIMD16(repeating: .infinity)).squareRoot()
            return Notch(cornerX: cx, cornerY: cy, dirX: dx, dirY: dy, radius: radius, fixedNodes: fixed,
                         widths: SIMD16<Float>(w), nodeT: SIMD16<Float>(t))
        }
        let ns = notches
        tableOwner = ns.indices.map { i in
            ns.indices.first { j in ns[j].cornerX == ns[i].cornerX && ns[j].dirX == ns[i].dirX && ns[j].radius == ns[i].radius } ?? i
        }
        rowOwner = ns.indices.map { i in
            ns.indices.first { j in ns[j].cornerY == ns[i].cornerY && ns[j].dirY == ns[i].dirY && ns[j].radius == ns[i].radius } ?? i
        }
    }

    @inline(__always) private func segment(_ x: Double, _ a: Double, _ b: Double) -> Float {
        Float(ShadowMath.segment(x, a, b, sigma: sigma))
    }

    func draw(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans = .all) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        if !axisAligned { return drawGeneral(into: target, rows: ys, visible: visible) }
        let nx = x1 - x0, blocks = (nx + 3) / 4, padded = blocks * 4
        let count = notches.count
        let blocksOf = notches.map(notchBlocks)
        withUnsafeTemporaryAllocation(of: SIMD16<Float>.self, capacity: max(1, count)) { rowTerms in
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(1, count * blocks)) { ready in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * padded + count * padded * 16) { buf in
            ready.initialize(repeating: false)
            let columnTerm = buf.baseAddress!, rowCoverage = buf.baseAddress! + padded
            let notchTables = buf.baseAddress! + 2 * padded
            for x in stride(from: 0, to: padded, by: 16) {
                let px = SIMD16<Double>(repeating: inverse.a * (Double(x0 + x) + 0.5) + inverse.tx) + inverse.a * ShadowRasterizer.lanes
                let v = segment16(px, shape.rect.minX, shape.rect.maxX)
                for lane in 0..<min(16, padded - x) { columnTerm[x + lane] = v[lane] }
            }
            let negligible = Blend.invisibleCoverage(color)
            var significantLo = x1, significantHi = x0
            for x in x0..<x1 where columnTerm[x - x0] > negligible {
                significantLo = min(significantLo, x)
                significantHi = x + 1
            }
            guard significantLo < significantHi else { return }
            for y in ys where !visible.rowIsHidden(y) {
                let ly = inverse.d * (Double(y) + 0.5) + inverse.ty
                let rowTerm = segment(ly, shape.rect.minY, shape.rect.maxY)
                guard rowTerm > negligible else { continue }
                let c = clip.spans(row: y)
                let span = c.outer.intersect(significantLo..<significantHi)
                guard !span.isEmpty else { continue }
                let dst = target.row(y)
                var active: UInt8 = 0
                for i in 0..<count where notches[i].fixedNodes {
                    let o = rowOwner[i]
                    if o < i {
                        if active & (1 << o) != 0 { rowTerms[i] = rowTerms[o]; active |= 1 << i }
                    } else if let g = fixedNotchRow(notches[i], row: ly) {
                        rowTerms[i] = g; active |= 1 << i
                    }
                }
                visible.forEach(row: y, in: span) { part in
                    let b0 = (part.lowerBound - x0) / 4, b1 = (part.upperBound - x0 + 3) / 4
                    let cols = UnsafeRawPointer(columnTerm).assumingMemoryBound(to: SIMD4<Float>.self)
                    let cov4 = UnsafeMutableRawPointer(rowCoverage).assumingMemoryBound(to: SIMD4<Float>.self)
                    for b in b0..<b1 { cov4[b] = cols[b] * rowTerm }
                    for i in 0..<count {
                        if notches[i].fixedNodes {
                            guard active & (1 << i) != 0 else { continue }
                            let bs = blocksOf[i].intersect(b0..<b1)
                            if !bs.isEmpty {
                                let o = tableOwner[i], table = notchTables + o * padded * 16
                                for b in bs where !ready[o * blocks + b] {
                                    fillColumnBlock(notches[o], block: b, table)
                                    ready[o * blocks + b] = true
                                }
                                subtractFixedNotch(rowTerms[i], blocks: bs, table: table, into: rowCoverage)
                            }
                        } else {
                            subtractNotch(notches[i], row: ly, span: part, into: rowCoverage)
                        }
                    }
                    if c.inner.lowerBound > part.lowerBound || c.inner.upperBound < part.upperBound {
                        for x in part where !c.inner.contains(x) {
                            rowCoverage[x - x0] = min(max(rowCoverage[x - x0], 0), 1) * clip.coverage(x: x, y: y)
                        }
                    }
                    Blend.coverageRow(color, coverage: rowCoverage + (part.lowerBound - x0), dst + part.lowerBound * 4, count: part.count)
                }
            }
        }
        }
        }
    }

    static let lanes = SIMD16<Double>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

    /// `ShadowMath.segment` for 16 positions, in single precision (absolute error about 1e-6).
    @inline(__always) private func segment16(_ x: SIMD16<Double>, _ a: Double, _ b: Double) -> SIMD16<Float> {
        let k = 1 / (sigma * 2.0.squareRoot())
        return 0.5 * (FastMath.erf(SIMD16<Float>((x - a) * k)) - FastMath.erf(SIMD16<Float>((x - b) * k)))
    }

    /// Local x of column x relative to the notch's corner, growing into the rectangle.
    @inline(__always) private func notchX(_ n: Notch, _ x: Int) -> Double {
        (inverse.a * (Double(x) + 0.5) + inverse.tx - n.cornerX) * n.dirX
    }

    /// Columns of the target where the notch can be nonzero.
    private func notchColumns(_ n: Notch) -> Range<Int> {
        let reach = 4 * sigma
        let a = n.cornerX + n.dirX * -reach, b = n.cornerX + n.dirX * (n.radius + reach)
        var p = (min(a, b) - inverse.tx) / inverse.a - 0.5, q = (max(a, b) - inverse.tx) / inverse.a - 0.5
        if p > q { swap(&p, &q) }
        let lo = Int(saturating: p.rounded(.down))
        return (lo..<max(lo, Int(saturating: q.rounded(.up)) + 1)).intersect(x0..<x1)
    }

    /// One block of four columns of a notch's column table: per column, the erf difference of every
    /// fixed quadrature node's notch row, stored as 16 node rows of four lanes
    /// (`table[(block · 16 + node) · 4 + lane]`). Blocks are filled when a visible row first needs them.
    private func fillColumnBlock(_ n: Notch, block b: Int, _ table: UnsafeMutablePointer<Float>) {
        let k = 1 / (sigma * 2.0.squareRoot())
        let kw = Float(k) * n.widths
        for lane in 0..<4 {
            let px = notchX(n, x0 + b * 4 + lane)
            let e0 = Float(LaminaMath.erf(px * k))
            let v = 0.5 * (e0 - FastMath.erf(SIMD16(repeating: Float(px * k)) - kw))
            let base = table + b * 64 + lane
            for node in 0..<16 { base[node * 4] = v[node] }
        }
    }

    /// The row's Gaussian terms of a fixed-node notch (weights, half-interval and norm included), or
    /// nil when the row is out of the notch's reach.
    @inline(__always) private func fixedNotchRow(_ n: Notch, row ly: Double) -> SIMD16<Float>? {
        let py = (ly - n.cornerY) * n.dirY
        let reach = 4 * sigma
        guard py > -reach, py < n.radius + reach else { return nil }
        let norm = 1 / (sigma * (2 * Double.pi).squareRoot())
        let g2 = Float(-1 / (2 * sigma * sigma))
        let d = Float(py) - n.nodeT
        return Float(n.radius / 2 * norm) * ShadowRasterizer.weights * FastMath.exp(d * d * g2)
    }

    /// Subtracts a fixed-node notch (`ShadowMath.notch`) from the row's coverage in whole blocks of four
    /// columns: per block, the 16 node rows of the column table weighted by the row's Gaussian terms `g`.
    @inline(__always) private func subtractFixedNotch(_ g: SIMD16<Float>, blocks bs: Range<Int>, table: UnsafePointer<Float>,
                                                      into coverage: UnsafeMutablePointer<Float>) {
        let tab = UnsafeRawPointer(table).assumingMemoryBound(to: SIMD4<Float>.self)
        let cov = UnsafeMutableRawPointer(coverage).assumingMemoryBound(to: SIMD4<Float>.self)
        for b in bs {
            let t = tab + b &* 16
            var a0 = t[0] * g[0], a1 = t[1] * g[1], a2 = t[2] * g[2], a3 = t[3] * g[3]
            a0 += t[4] * g[4]; a1 += t[5] * g[5]; a2 += t[6] * g[6]; a3 += t[7] * g[7]
            a0 += t[8] * g[8]; a1 += t[9] * g[9]; a2 += t[10] * g[10]; a3 += t[11] * g[11]
            a0 += t[12] * g[12]; a1 += t[13] * g[13]; a2 += t[14] * g[14]; a3 += t[15] * g[15]
            cov[b] -= (a0 + a1) + (a2 + a3)
        }
    }

    /// Blocks of four columns (relative to x0) where the notch can be nonzero.
    private func notchBlocks(_ n: Notch) -> Range<Int> {
        let xs = notchColumns(n)
        return xs.isEmpty ? 0..<0 : ((xs.lowerBound - x0) / 4)..<((xs.upperBound - x0 + 3) / 4)
    }

    /// Subtracts the notch's convolution from the row's coverage (`ShadowMath.notch`).
    private func subtractNotch(_ n: Notch, row ly: Double, span: Range<Int>, into coverage: UnsafeMutablePointer<Float>) {
        let py = (ly - n.cornerY) * n.dirY
        let reach = 4 * sigma
        guard py > -reach, py < n.radius + reach else { return }
        let xs = notchColumns(n).intersect(span)
        guard !xs.isEmpty else { return }
        let norm = 1 / (sigma * (2 * Double.pi).squareRoot())
        let g2 = Float(-1 / (2 * sigma * sigma))
        let t0 = max(0, py - reach), t1 = min(n.radius, py + reach)
        guard t1 > t0 else { return }
        let half = (t1 - t0) / 2, mid = (t0 + t1) / 2
        let t = SIMD16<Double>(repeating: mid) + half * SIMD16<Double>(ShadowMath.nodes)
        let u = n.radius - t
        let w = SIMD16<Float>(n.radius - (n.radius * n.radius - u * u).clamped(lowerBound: .zero, upperBound: SIMD16(repeating: .infinity)).squareRoot())
        let d = SIMD16<Float>(py - t)
        let g = Float(half * norm) * ShadowRasterizer.weights * FastMath.exp(d * d * g2)
        let k = 1 / (sigma * 2.0.squareRoot())
        let kw = Float(k) * w
        for x in xs {
            let px = notchX(n, x)
            guard px <= n.radius + reach else { continue }
            let e0 = Float(LaminaMath.erf(px * k))
            let seg = 0.5 * (e0 - FastMath.erf(SIMD16(repeating: Float(px * k)) - kw))
            coverage[x - x0] -= (g * seg).sum()
        }
    }

    /// Rotated or skewed shadows: the shared closed form per pixel.
    private func drawGeneral(into target: PixelBuffer, rows: Range<Int>, visible: VisibleSpans) {
        for y in rows {
            let c = clip.spans(row: y)
            let dst = target.row(y)
            visible.forEach(row: y, in: c.outer.intersect(x0..<x1)) { piece in
                for x in piece {
                    let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                    var cov = Float(ShadowMath.coverage(at: p, of: shape, sigma: sigma))
                    if cov > 0 && !c.inner.contains(x) { cov *= clip.coverage(x: x, y: y) }
                    if cov > 0 { Blend.over(color * cov, dst + x * 4) }
                }
            }
        }
    }

    /// Pixels it may touch at all.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) { (x0, y0, x1, y1) }
}
