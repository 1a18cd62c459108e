import Lamina

/// Row spans of a rounded rectangle whose target-to-local inverse rotates or skews, so rasterizers
/// evaluate coverage per pixel only near its edges.
///
/// Along a row, a pixel centre's local point moves on a line, so the pixels whose centres lie in a local
/// box form one interval. `outer` is the interval of the rect grown by `margin`: outside it the signed
/// distance exceeds half a pixel and `clamp(0.5 − d·k, 0, 1)` is 0. `inner` is the longer of the intervals
/// of the two bands no corner curve reaches (`RoundedRect.curveExtent`), shrunk by `margin`: there the
/// distance is that to the nearest side, below −½ pixel, and the coverage is 1. The margin adds a twentieth
/// of a pixel to the half pixel, far beyond the rounding of either coverage evaluation.
struct TransformedSpans {
    /// A local box (minX, minY, maxX, maxY).
    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    let grown: Box
    /// The two corner-free bands (either may be empty: x0 ≥ x1 or y0 ≥ y1), held inline so that copying a
    /// `ShapeCoverage` copies no reference.
    let wide: Box, tall: Box

    init?(shape: RoundedRect, inverse: AffineTransform, scale k: Double) {
        guard k > 0, k.isFinite else { return nil }
        let margin = 0.55 / k
        let r = shape.rect
        grown = (r.minX - margin, r.minY - margin, r.maxX + margin, r.maxY + margin)
        let radii = shape.radii
        let extent = { (radius: Double) in radius > 0 ? RoundedRect.curveExtent(radius: radius, curve: shape.curve, rect: r) : 0 }
        let top = max(extent(radii.topLeft), extent(radii.topRight)), bottom = max(extent(radii.bottomLeft), extent(radii.bottomRight))
        let left = max(extent(radii.topLeft), extent(radii.bottomLeft)), right = max(extent(radii.topRight), extent(radii.bottomRight))
        wide = (r.minX + margin, r.minY + margin + top, r.maxX - margin, r.maxY - margin - bottom)
        tall = (r.minX + margin + left, r.minY + margin, r.maxX - margin - right, r.maxY - margin)
        guard grown.x0.isFinite, grown.y0.isFinite, grown.x1.isFinite, grown.y1.isFinite,
              inverse.isFinite else { return nil }
    }

    /// Pixels of row `y` that may have nonzero coverage, for the target-to-local `inverse` it was made with.
    @inline(__always) func outer(row y: Int, inverse: AffineTransform) -> Range<Int> {
        pixels(interval(grown, row: y, inverse), inward: false)
    }

    /// Pixels of row `y` whose coverage is 1, for the target-to-local `inverse` it was made with.
    func inner(row y: Int, inverse: AffineTransform) -> Range<Int> {
        let a = band(wide, row: y, inverse), b = band(tall, row: y, inverse)
        return b.count > a.count ? b : a
    }

    @inline(__always) private func band(_ box: Box, row y: Int, _ inverse: AffineTransform) -> Range<Int> {
        guard box.x0 < box.x1, box.y0 < box.y1 else { return 0..<0 }
        return pixels(interval(box, row: y, inverse), inward: true)
    }

    /// The pixel-centre x interval of row `y` whose local points lie in `box`, or nil.
    @inline(__always) private func interval(_ box: Box, row y: Int, _ inverse: AffineTransform) -> (Double, Double)? {
        let py = Double(y) + 0.5
        guard let x = Self.solve(slope: inverse.a, offset: inverse.c * py + inverse.tx, box.x0, box.x1),
              let y = Self.solve(slope: inverse.b, offset: inverse.d * py + inverse.ty, box.y0, box.y1) else { return nil }
        let lo = max(x.0, y.0), hi = min(x.1, y.1)
        return lo <= hi ? (lo, hi) : nil
    }

    /// The p with `min ≤ slope·p + offset ≤ max` (all p when the slope is 0 and the offset lies inside).
    @inline(__always) private static func solve(slope: Double, offset: Double, _ min: Double, _ max: Double) -> (Double, Double)? {
        guard slope != 0 else { return offset >= min && offset <= max ? (-.infinity, .infinity) : nil }
        let a = (min - offset) / slope, b = (max - offset) / slope
        return a <= b ? (a, b) : (b, a)
    }

    /// Pixel indices whose centres lie in the interval (a little outside it unless `inward`, a little inside
    /// if `inward`), within ±1e9.
    @inline(__always) private func pixels(_ interval: (Double, Double)?, inward: Bool) -> Range<Int> {
        guard let (a, b) = interval else { return 0..<0 }
        let eps = (inward ? 1e-7 : -1e-7) * Swift.max(1, abs(a), abs(b))
        let lo = (a - 0.5 + eps).rounded(.up), hi = (b - 0.5 - eps).rounded(.down)
        guard hi >= lo, lo.isFinite, hi.isFinite else { return 0..<0 }
        let l = Int(saturating: Swift.min(Swift.max(lo, -1e9), 1e9)), h = Int(saturating: Swift.min(Swift.max(hi, -1e9), 1e9))
        return l..<(h + 1)
    }
}
