import Lamina

/// Draws `RoundedRectShadow` in closed form: color × `ShadowMath.coverage` × clip, within the
/// shape's bounding box outset by 4σ + 1 pixels.
///
/// With an axis-aligned transform the rectangle term is separable (one erf pair per column and per
/// row), and each corner notch is evaluated only in its zone (within 4σ of the corner square) with the
/// same 16-point Gauss–Legendre rule as `ShadowMath.notch`. When the radius is at most 8σ the whole
/// notch fits one quadrature window, so the integrand splits into a per-row Gaussian vector and a
/// per-column erf vector and each pixel costs a 16-term dot product. Other transforms call
/// `ShadowMath.coverage` per pixel.
struct ShadowRasterizer {
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

    static let nodes = SIMD16<Float>(ShadowMath.nodes.map(Float.init))
    static let weights = SIMD16<Float>(ShadowMath.weights.map(Float.init))

    init?(_ s: RoundedRectShadow, target: PixelBuffer) {
        guard s.sigma > 0, let inv = s.transform.inverted, !s.shape.rect.isEmpty else { return nil }
        let clip = ClipCoverage(s.clip, targetWidth: target.width, targetHeight: target.height)
        guard !clip.isEmpty else { return nil }
        shape = s.shape; sigma = s.sigma; inverse = inv; self.clip = clip
        color = s.color.scaled255
        axisAligned = inv.b == 0 && inv.c == 0
        let reach = 4 * s.sigma * s.transform.meanScale + 1
        let box = s.transform.boundingBox(of: s.shape.rect)
        x0 = max(clip.x0, Int((box.minX - reach).rounded(.down)))
        y0 = max(clip.y0, Int((box.minY - reach).rounded(.down)))
        x1 = min(clip.x1, Int((box.maxX + reach).rounded(.up)))
        y1 = min(clip.y1, Int((box.maxY + reach).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
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
    }

    @inline(__always) private func segment(_ x: Double, _ a: Double, _ b: Double) -> Float {
        Float(ShadowMath.segment(x, a, b, sigma: sigma))
    }

    func draw(into target: PixelBuffer, rows: Range<Int>) {
        let ys = rows.intersect(y0..<y1)
        guard !ys.isEmpty else { return }
        if !axisAligned { return drawGeneral(into: target, rows: ys) }
        let nx = x1 - x0
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * nx) { buf in
            let columnTerm = buf.baseAddress!, rowCoverage = buf.baseAddress! + nx
            let r = shape.rect
            for x in x0..<x1 {
                columnTerm[x - x0] = segment(inverse.a * (Double(x) + 0.5) + inverse.tx, r.minX, r.maxX)
            }
            withUnsafeTemporaryAllocation(of: SIMD16<Float>.self, capacity: max(1, notches.count * nx)) { tables in
                let notchColumns = tables.baseAddress!
                for (i, n) in notches.enumerated() where n.fixedNodes {
                    fillColumnTable(n, notchColumns + i * nx)
                }
                for y in ys {
                    let c = clip.spans(row: y)
                    let span = c.outer.intersect(x0..<x1)
                    guard !span.isEmpty else { continue }
                    let ly = inverse.d * (Double(y) + 0.5) + inverse.ty
                    let rowTerm = segment(ly, r.minY, r.maxY)
                    for x in span { rowCoverage[x - x0] = columnTerm[x - x0] * rowTerm }
                    for (i, n) in notches.enumerated() {
                        subtractNotch(n, row: ly, span: span, columns: notchColumns + i * nx, into: rowCoverage)
                    }
                    let dst = target.row(y)
                    if c.inner == span {
                        var p = dst + span.lowerBound &* 4, q = rowCoverage + (span.lowerBound &- x0)
                        for _ in 0..<span.count {
                            let cov = min(max(q.pointee, 0), 1)
                            if cov > 0 { Blend.over(color * cov, p) }
                            p += 4; q += 1
                        }
                        continue
                    }
                    for x in span {
                        var cov = min(max(rowCoverage[x - x0], 0), 1)
                        if cov > 0 && !c.inner.contains(x) { cov *= clip.coverage(x: x, y: y) }
                        if cov > 0 { Blend.over(color * cov, dst + x * 4) }
                    }
                }
            }
        }
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
        return (Int(p.rounded(.down))..<(Int(q.rounded(.up)) + 1)).intersect(x0..<x1)
    }

    /// Per column: the erf difference of every fixed quadrature node's notch row.
    private func fillColumnTable(_ n: Notch, _ table: UnsafeMutablePointer<SIMD16<Float>>) {
        let k = 1 / (sigma * 2.0.squareRoot())
        let kw = Float(k) * n.widths
        for x in notchColumns(n) {
            let px = notchX(n, x)
            let e0 = Float(LaminaMath.erf(px * k))
            table[x - x0] = 0.5 * (e0 - FastMath.erf(SIMD16(repeating: Float(px * k)) - kw))
        }
    }

    /// Subtracts the notch's convolution from the row's coverage (`ShadowMath.notch`).
    private func subtractNotch(_ n: Notch, row ly: Double, span: Range<Int>, columns: UnsafePointer<SIMD16<Float>>,
                               into coverage: UnsafeMutablePointer<Float>) {
        let py = (ly - n.cornerY) * n.dirY
        let reach = 4 * sigma
        guard py > -reach, py < n.radius + reach else { return }
        let xs = notchColumns(n).intersect(span)
        guard !xs.isEmpty else { return }
        let norm = 1 / (sigma * (2 * Double.pi).squareRoot())
        let g2 = Float(-1 / (2 * sigma * sigma))
        if n.fixedNodes {
            let d = Float(py) - n.nodeT
            let g = Float(n.radius / 2 * norm) * ShadowRasterizer.weights * FastMath.exp(d * d * g2)
            for x in xs { coverage[x - x0] -= (g * columns[x - x0]).sum() }
            return
        }
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
    private func drawGeneral(into target: PixelBuffer, rows: Range<Int>) {
        for y in rows {
            let c = clip.spans(row: y)
            let dst = target.row(y)
            for x in c.outer.intersect(x0..<x1) {
                let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                var cov = Float(ShadowMath.coverage(at: p, of: shape, sigma: sigma))
                if cov > 0 && !c.inner.contains(x) { cov *= clip.coverage(x: x, y: y) }
                if cov > 0 { Blend.over(color * cov, dst + x * 4) }
            }
        }
    }
}
