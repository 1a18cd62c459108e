import Lamina

/// The anti-aliased coverage of one rounded rectangle on target pixels, as the contract defines it:
/// `clamp(0.5 − d·k, 0, 1)` with `d = shape.signedDistance(to: local)` and `k = transform.meanScale`.
///
/// Besides the per-pixel value it answers, per row, which pixels can be covered at all (`outer`) and
/// which are certainly fully covered (`inner`), so rasterizers evaluate only the anti-aliased band.
/// Rows along the straight sides (where no corner reaches) all have the same spans per half of the
/// shape; those are computed once (`flat`).
struct ShapeCoverage {
    /// Spans of the rows of one half (above or below the center) that no corner reaches, and the
    /// largest local |y − center| such a row may have.
    struct FlatRows {
        var maxDistance: Double = -1
        var spans: (outer: Range<Int>, inner: Range<Int>) = (0..<0, 0..<0)
    }

    let shape: RoundedRect
    /// Target pixels → local.
    let inverse: AffineTransform
    let k: Double
    /// The inverse maps rows to rows and columns to columns.
    let axisAligned: Bool
    let circular: Bool
    /// Pixels that may have nonzero coverage (inclusive-exclusive ranges).
    let bounds: (x0: Int, y0: Int, x1: Int, y1: Int)
    private let cx: Double, cy: Double, hx: Double, hy: Double
    /// Half of a pixel in local units: the distance where coverage reaches 0 or 1.
    private let halfPixel: Double
    private var flatTop = FlatRows(), flatBottom = FlatRows()
    /// For inverses that rotate or skew (`TransformedSpans`); nil otherwise.
    private var transformed: TransformedSpans?
    /// The inverse, rect, radii and scale in single precision, as the GPU path's coverage shader gets them.
    private let single: SingleShape

    /// Nil when the transform is singular or the shape empty (nothing is covered).
    init?(shape: RoundedRect, transform: AffineTransform) {
        guard let inv = transform.inverted, shape.rect.width > 0, shape.rect.height > 0 else { return nil }
        self.shape = shape
        inverse = inv
        k = transform.meanScale
        axisAligned = inv.b == 0 && inv.c == 0
        circular = shape.curve == .circular || shape.radii.isZero
        cx = shape.rect.midX; cy = shape.rect.midY
        hx = shape.rect.width / 2; hy = shape.rect.height / 2
        halfPixel = 0.5 / k
        single = SingleShape(shape: shape, inverse: inv, scale: k)
        let r = shape.rect
        let outset = Rect(minX: r.minX - halfPixel, minY: r.minY - halfPixel, maxX: r.maxX + halfPixel, maxY: r.maxY + halfPixel)
        let box = transform.boundingBox(of: outset)
        bounds = (Int(saturating: (box.minX - 0.5).rounded(.down)), Int(saturating: (box.minY - 0.5).rounded(.down)),
                  Int(saturating: (box.maxX - 0.5).rounded(.down)) + 2, Int(saturating: (box.maxY - 0.5).rounded(.down)) + 2)
        guard axisAligned else {
            transformed = TransformedSpans(shape: shape, inverse: inv, scale: k)
            return
        }
        let radii = shape.radii
        flatTop = flatRows(radii.topLeft, radii.topRight, at: cy.nextDown)
        flatBottom = flatRows(radii.bottomLeft, radii.bottomRight, at: cy)
    }

    /// The flat rows of the half whose corners have these radii; `ly` is a local y in that half at
    /// (almost) the center. Within the returned distance `sideExtent` takes the branch that ignores
    /// the row, for both radii and both growths (a margin covers rounding of the comparisons).
    private func flatRows(_ r0: Double, _ r1: Double, at ly: Double) -> FlatRows {
        var limit = Double.infinity
        func bound(_ r: Double, _ e: Double) {
            let t: Double
            if !circular && r > 0 {
                let ext = RoundedRect.curveExtent(radius: r, curve: shape.curve, rect: shape.rect)
                t = e < 0 ? min(hy + e, hy - ext) : hy + e
            } else {
                t = r + e >= 0 ? hy - r : hy + e
            }
            limit = min(limit, t - 1e-9 * (1 + abs(hy) + abs(r) + abs(e)))
        }
        bound(r0, halfPixel); bound(r0, -halfPixel); bound(r1, halfPixel); bound(r1, -halfPixel)
        guard limit >= abs(ly - cy), limit.isFinite else { return FlatRows() }
        return FlatRows(maxDistance: limit, spans: spans(local: ly))
    }

    /// Coverage of target pixel (x, y), 0…1: for circular corners in single precision with the GPU
    /// shader's operations in its order (`SingleShape`), so both paths round the same coverage.
    @inline(__always) func coverage(x: Int, y: Int) -> Float {
        if circular { return single.coverage(x: x, y: y) }
        let sx = Double(x) + 0.5, sy = Double(y) + 0.5
        let lx = inverse.a * sx + inverse.c * sy + inverse.tx
        let ly = inverse.b * sx + inverse.d * sy + inverse.ty
        let d = shape.signedDistance(to: Point(lx, ly))
        return Float(min(max(0.5 - d * k, 0), 1))
    }

    @inline(never) private func transformedSpans(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
        let all = bounds.x0..<bounds.x1
        guard let t = transformed else { return (all, 0..<0) }
        let outer = t.outer(row: y, inverse: inverse).clamped(to: all)
        return (outer, t.inner(row: y, inverse: inverse).clamped(to: outer))
    }

    /// Local y of the centers of row `y` (axis-aligned inverses only).
    @inline(__always) private func localY(_ y: Int) -> Double { inverse.d * (Double(y) + 0.5) + inverse.ty }

    /// Pixels of row `y` that may be covered (`outer`) and that are fully covered (`inner` ⊂ `outer`).
    @inline(__always) func spans(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
        guard y >= bounds.y0 && y < bounds.y1 else { return (0..<0, 0..<0) }
        guard axisAligned else { return transformedSpans(row: y) }
        let ly = localY(y)
        let flat = ly < cy ? flatTop : flatBottom
        if abs(ly - cy) <= flat.maxDistance { return flat.spans }
        return spans(local: ly)
    }

    /// `spans(row:)` without the flat-row shortcut.
    func uncachedSpans(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
        guard y >= bounds.y0 && y < bounds.y1 else { return (0..<0, 0..<0) }
        guard axisAligned else { return transformedSpans(row: y) }
        return spans(local: localY(y))
    }

    /// The spans of the row at local y `ly` (axis-aligned inverses only).
    private func spans(local ly: Double) -> (outer: Range<Int>, inner: Range<Int>) {
        let outer = localSpan(ly, grow: halfPixel).map { pixelRange($0, inclusive: true) } ?? (0..<0)
        let inner = localSpan(ly, grow: -halfPixel).map { pixelRange($0, inclusive: false) } ?? (0..<0)
        guard !inner.isEmpty, !outer.isEmpty else { return (outer, 0..<0) }
        return (outer, max(inner.lowerBound, outer.lowerBound)..<max(min(inner.upperBound, outer.upperBound), max(inner.lowerBound, outer.lowerBound)))
    }

    /// Pixel indices whose centers map into the local x interval, with a tiny tolerance outwards
    /// (`inclusive`) or inwards.
    @inline(__always) private func pixelRange(_ span: (Double, Double), inclusive: Bool) -> Range<Int> {
        let ia = inverse.a, itx = inverse.tx
        var a = (span.0 - itx) / ia - 0.5, b = (span.1 - itx) / ia - 0.5
        if a > b { swap(&a, &b) }
        let eps = 1e-7 * max(1, abs(a), abs(b))
        let lo: Double, hi: Double
        if inclusive { lo = (a - eps).rounded(.up); hi = (b + eps).rounded(.down) }
        else { lo = (a + eps).rounded(.up); hi = (b - eps).rounded(.down) }
        guard hi >= lo, lo.isFinite, hi.isFinite else { return 0..<0 }
        let l = Int(saturating: min(max(lo, -1e9), 1e9)), h = Int(saturating: min(max(hi, -1e9), 1e9))
        return l..<(h + 1)
    }

    /// The local x interval of row `ly` where d ≤ grow, or nil when empty.
    private func localSpan(_ ly: Double, grow e: Double) -> (Double, Double)? {
        let top = ly < cy
        let rl = top ? shape.radii.topLeft : shape.radii.bottomLeft
        let rr = top ? shape.radii.topRight : shape.radii.bottomRight
        let left = sideExtent(ly, radius: rl, grow: e)
        let right = rr == rl ? left : sideExtent(ly, radius: rr, grow: e)
        switch (left, right) {
        case (nil, nil): return nil
        case (let l?, nil): return (cx - l, cx)
        case (nil, let r?): return (cx, cx + r)
        case (let l?, let r?): return (cx - l, cx + r)
        }
    }

    /// How far from the center line the set d ≤ e reaches on this row, for one side's corner radius.
    private func sideExtent(_ ly: Double, radius r: Double, grow e: Double) -> Double? {
        let dy = abs(ly - cy)
        if !circular && r > 0 {
            let ext = RoundedRect.curveExtent(radius: r, curve: shape.curve, rect: shape.rect)
            guard dy - hy <= e else { return nil }
            let reach = e < 0 && dy > hy - ext ? min(hx - ext, hx + e) : hx + e
            return reach >= 0 ? reach : nil
        }
        let grownR = r + e
        let qy = dy - hy + r
        let qx: Double
        if grownR >= 0 {
            let my = max(qy, 0)
            guard my <= grownR else { return nil }
            qx = (grownR * grownR - my * my).squareRoot()
        } else {
            guard qy <= grownR else { return nil }
            qx = grownR
        }
        let reach = hx - r + qx
        return reach >= 0 ? reach : nil
    }
}
