/// Strokes paths: dashing, trimming and outlining, as `CAShapeLayer` draws them.
///
/// Order (the scene format's CAShapeLayer contract): the path is flattened; dashes are laid along the
/// whole path from its start, shifted by the phase, continuing from one subpath into the next; then only
/// the part between strokeStart and strokeEnd (fractions of the whole length) is kept; every remaining
/// piece is outlined with its width, joins and caps (caps on open ends, dash ends and trimmed ends; a
/// closed subpath kept whole stays closed and is joined at its start).
///
/// Non-uniform transforms: the stroke is built in the path's own space and its outline then transformed,
/// so the width scales with the transform as Core Graphics draws it (an ellipse-shaped pen under a
/// non-uniform scale); curves and round pieces are flattened there with the device tolerance divided by
/// the transform's largest scale, so they stay within the tolerance on the device.
public enum PathStroker {
    /// The stroke outline of `path` with `style`, after `transform`, in device space: closed polygons whose
    /// non-zero union is the stroke, within `tolerance` device pixels. Empty when the style draws nothing
    /// or the transform collapses the plane; polygons that overflow Double after the transform are left
    /// out. Throws on a bad style or pattern, or past the limits (`StrokeLimits`).
    public static func outline(path: Path, style: StrokeStyle, transform: AffineTransform = .identity,
                               tolerance: Double = PathRasterizer.tolerance) throws(StrokeError) -> [[Point]] {
        try style.validate()
        guard style.drawsSomething, transform.isFinite else { return [] }
        let scale = maxScale(transform)
        guard scale > 0, scale.isFinite else { return [] }
        let local = tolerance / scale
        let subpaths = try path.subpaths(transform: .identity, tolerance: local)
        return mapped(try outline(subpaths: subpaths, style: style, tolerance: local), by: transform)
    }

    /// Polygons after `transform`, leaving out those that overflow Double.
    public static func mapped(_ polygons: [[Point]], by transform: AffineTransform) -> [[Point]] {
        if transform.isIdentity { return polygons }
        var device: [[Point]] = []
        device.reserveCapacity(polygons.count)
        for polygon in polygons {
            let mapped = polygon.map(transform.apply)
            if mapped.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { device.append(mapped) }
        }
        return device
    }

    /// The outline of flattened subpaths with `style`, in their own space (round pieces within `tolerance`).
    public static func outline(subpaths: [FlattenedSubpath], style: StrokeStyle,
                               tolerance: Double = PathRasterizer.tolerance) throws(StrokeError) -> [[Point]] {
        try style.validate()
        guard style.drawsSomething else { return [] }
        let outliner = StrokeOutliner(style: style, tolerance: tolerance)
        var out: [[Point]] = []
        var points = 0
        for piece in try pieces(of: subpaths, style: style) {
            let before = out.count
            outliner.outline(piece, into: &out)
            for k in before..<out.count { points += out[k].count }
            if points > StrokeLimits.maxOutlinePoints { throw .tooManyPoints(limit: StrokeLimits.maxOutlinePoints) }
        }
        return out
    }

    /// The pieces of `subpaths` that are stroked: dashed by `style.dash`, then trimmed to
    /// [strokeStart, strokeEnd] of the whole length, in the path's order.
    public static func pieces(of subpaths: [FlattenedSubpath], style: StrokeStyle) throws(StrokeError) -> [FlattenedSubpath] {
        let start = style.clampedUnit(style.strokeStart), end = style.clampedUnit(style.strokeEnd)
        guard start < end else { return [] }
        let measure = PathMeasure(subpaths)
        let length = measure.totalLength
        guard length.isFinite else { return [] }
        let whole = start == 0 && end == 1
        let lo = whole ? 0 : start * length, hi = whole ? length : end * length
        var out: [FlattenedSubpath] = []
        guard let dash = style.dash else {
            measure.append(from: lo, to: hi, into: &out)
            return out
        }
        for (a, b) in try dash.onIntervals(length: length) {
            if whole {
                measure.append(from: a, to: b, into: &out)
            } else {
                let ca = max(a, lo), cb = min(b, hi)
                if cb > ca || (a == b && a >= lo && a <= hi) { measure.append(from: ca, to: cb, into: &out) }
            }
        }
        return out
    }

    /// The largest factor by which the linear part of `t` stretches a vector (its largest singular value).
    public static func maxScale(_ t: AffineTransform) -> Double {
        let s = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let det = t.determinant
        let disc = max(0, s * s - 4 * det * det)
        return ((s + disc.squareRoot()) / 2).squareRoot()
    }
}
