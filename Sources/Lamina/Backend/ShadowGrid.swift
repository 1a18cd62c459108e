import Dispatch

/// `ShadowMath.coverage` of one rounded rectangle on a regular grid, with each term that depends on one
/// coordinate only computed once per column or row: the rectangle's two erf segments, a corner notch's
/// Gauss–Legendre nodes and Gaussian weights (per row), and the erf at the notch's outer edge (per column).
/// The rectangle term is evaluated as in `ShadowMath.coverage`; a notch's 16 nodes are summed in single
/// precision with `FastMath.erf`, 16 at once, which keeps every value within 10⁻⁶ of the per-point
/// evaluation (measured below 4·10⁻⁷, `ShadowTableTests`). Rows within 4σ of both ends of a notch integrate
/// over the whole notch, so their nodes are the same: their erf terms are found once per column and reused
/// (the same single-precision operations on the same inputs, so the same values).
enum ShadowGrid {
    /// Coverages at (originX + i·spacing, originY + j·spacing), row by row, as `Float`.
    /// `sharingWholeNotchRows: false` evaluates every row's erf terms anew (for tests).
    static func values(of shape: RoundedRect, sigma: Double, originX: Double, originY: Double, spacing: Double,
                       columns: Int, rows: Int, sharingWholeNotchRows: Bool = true) -> [Float] {
        let r = shape.rect
        let xs = (0..<columns).map { originX + Double($0) * spacing }
        let segmentX = xs.map { ShadowMath.segment($0, r.minX, r.maxX, sigma: sigma) }
        let k = 1 / (sigma * 2.0.squareRoot())
        let corners = [(shape.radii.topLeft, r.minX, r.minY, 1.0, 1.0), (shape.radii.topRight, r.maxX, r.minY, -1.0, 1.0),
                       (shape.radii.bottomRight, r.maxX, r.maxY, -1.0, -1.0), (shape.radii.bottomLeft, r.minX, r.maxY, 1.0, -1.0)]
            .filter { $0.0 > 0 }
        let notchColumns = corners.map { c -> (columns: Range<Int>, px: [Double], inner: [Double], whole: [SIMD16<Float>]) in
            let reached = xs.indices.filter { (xs[$0] - c.1) * c.3 <= c.0 + 4 * sigma }
            let range = (reached.first ?? 0)..<((reached.last ?? -1) + 1)
            let px = range.map { (xs[$0] - c.1) * c.3 }
            let whole = sharingWholeNotchRows ? NotchRow.wholeNotchWidths(radius: c.0, sigma: sigma).map { widths in
                px.map { NotchRow.erfTerms(px: $0, k: k, scaledWidths: widths) }
            } ?? [] : []
            return (range, px, px.map { LaminaMath.erf(($0 - 0) * k) }, whole)
        }
        var values = [Float](repeating: 0, count: columns * rows)
        values.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: rows) { j in
                let y = originY + Double(j) * spacing
                let segmentY = ShadowMath.segment(y, r.minY, r.maxY, sigma: sigma)
                withUnsafeTemporaryAllocation(of: Double.self, capacity: columns) { v in
                    for i in 0..<columns { v[i] = segmentX[i] * segmentY }
                    for (n, c) in corners.enumerated() {
                        guard let row = NotchRow(py: (y - c.2) * c.4, radius: c.0, sigma: sigma) else { continue }
                        let notch = notchColumns[n]
                        notch.inner.withUnsafeBufferPointer { inner in
                            if row.isWhole, !notch.whole.isEmpty {
                                notch.whole.withUnsafeBufferPointer { terms in
                                    for (m, i) in notch.columns.enumerated() {
                                        v[i] -= row.integral(inner: inner[m], erfTerms: terms[m])
                                    }
                                }
                                return
                            }
                            notch.px.withUnsafeBufferPointer { px in
                                for (m, i) in notch.columns.enumerated() {
                                    v[i] -= row.integral(inner: inner[m], erfTerms: NotchRow.erfTerms(px: px[m], k: k, scaledWidths: row.scaledWidths))
                                }
                            }
                        }
                    }
                    for i in 0..<columns { out[j * columns + i] = Float(min(max(v[i], 0), 1)) }
                }
            }
        }
        return values
    }

    /// One corner notch on one row: the quadrature nodes' notch widths (× k) and weights × Gaussians.
    private struct NotchRow {
        /// Each node's notch width × k, k = 1/(σ√2).
        let scaledWidths: SIMD16<Float>
        /// Each node's weight × Gaussian × half-interval × ½.
        let weighted: SIMD16<Float>

        /// Whether the row integrates over the whole notch (0…radius), so its nodes are `wholeNotchWidths`'.
        let isWhole: Bool

        /// Nil when no notch row lies within 4σ of the point (the notch adds nothing).
        init?(py: Double, radius: Double, sigma: Double) {
            let t0 = max(0, py - 4 * sigma), t1 = min(radius, py + 4 * sigma)
            guard t1 > t0 else { return nil }
            let half = (t1 - t0) / 2, mid = (t0 + t1) / 2
            var weighted = SIMD16<Float>()
            for i in 0..<ShadowMath.nodes.count {
                let t = mid + half * ShadowMath.nodes[i]
                weighted[i] = Float(ShadowMath.weights[i] * ShadowMath.gaussian(py - t, sigma: sigma) * half * 0.5)
            }
            scaledWidths = NotchRow.scaledWidths(from: t0, to: t1, radius: radius, sigma: sigma)
            self.weighted = weighted
            isWhole = t0 == 0 && t1 == radius
        }

        /// The nodes' notch widths × k for rows integrating over t0…t1.
        private static func scaledWidths(from t0: Double, to t1: Double, radius: Double, sigma: Double) -> SIMD16<Float> {
            let half = (t1 - t0) / 2, mid = (t0 + t1) / 2
            let k = 1 / (sigma * 2.0.squareRoot())
            var widths = SIMD16<Float>()
            for i in 0..<ShadowMath.nodes.count {
                let t = mid + half * ShadowMath.nodes[i]
                let u = radius - t
                widths[i] = Float((radius - max(radius * radius - u * u, 0).squareRoot()) * k)
            }
            return widths
        }

        /// The widths of a row over the whole notch; nil when no row can be one (the notch is wider than 8σ).
        static func wholeNotchWidths(radius: Double, sigma: Double) -> SIMD16<Float>? {
            radius <= 8 * sigma ? scaledWidths(from: 0, to: radius, radius: radius, sigma: sigma) : nil
        }

        /// erf(px·k − each node's width × k), the part of a notch row's terms that depends on the column.
        @inline(__always) static func erfTerms(px: Double, k: Double, scaledWidths: SIMD16<Float>) -> SIMD16<Float> {
            FastMath.erf(SIMD16(repeating: Float(px * k)) - scaledWidths)
        }

        /// `ShadowMath.notch` at a column with `inner` = erf(px·k) and `erfTerms(px:k:scaledWidths:)` of this
        /// row's widths.
        @inline(__always) func integral(inner: Double, erfTerms: SIMD16<Float>) -> Double {
            let terms = Float(inner) - erfTerms
            return Double((weighted * terms).sum())
        }
    }
}
