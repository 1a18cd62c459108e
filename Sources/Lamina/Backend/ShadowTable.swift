/// `ShadowMath.coverage` of one rounded rectangle and σ sampled on a local grid, and its bilinear
/// lookup: the closed-form shadow as both backends draw it.
///
/// The grid has spacing σ/8 and covers the shape outset by 4σ + 1 + 2 spacings (its outermost samples
/// are ≈ 0). Bilinear interpolation of it errs by at most h²/8·(|∂²f/∂x²| + |∂²f/∂y²|) with
/// |∂²f| ≤ 0.242/σ² across an edge, about 0.25/255 for h = σ/8. The GPU path uploads the values as an R32F
/// texture with linear filtering; `coverage(u:v:)` is that filter's arithmetic in single precision
/// (Mesa llvmpipe's, matched bit for bit), so the CPU path reads the same coverage from the same table.
public struct ShadowTable: Sendable {
    /// Grid points per σ (spacing = σ / this).
    public static let samplesPerSigma = 8.0
    /// Largest table, in samples.
    public static let maximumSamples = 1 << 20

    /// Local position of sample (0, 0) relative to the shape's origin.
    public let origin: Point
    public let spacing: Double
    public let columns: Int
    public let rows: Int
    /// `columns × rows` coverages, row by row.
    public let values: [Float]

    /// The table of `shape`'s shadow blurred by σ > 0; nil when it would hold more than
    /// `maximumSamples` (or more than `maximumSide` in a row or column).
    public init?(shape: RoundedRect, sigma: Double, maximumSide: Int = .max) {
        guard sigma > 0, sigma.isFinite else { return nil }
        let spacing = sigma / ShadowTable.samplesPerSigma
        let margin = 4 * sigma + 1 + 2 * spacing
        let columns = Int(saturating: ((shape.rect.width + 2 * margin) / spacing).rounded(.up)) + 1
        let rows = Int(saturating: ((shape.rect.height + 2 * margin) / spacing).rounded(.up)) + 1
        guard columns <= maximumSide, rows <= maximumSide, columns.multipliedReportingOverflow(by: rows).overflow == false,
              columns * rows <= ShadowTable.maximumSamples else { return nil }
        let local = RoundedRect(rect: Rect(0, 0, shape.rect.width, shape.rect.height), radii: shape.radii)
        self.origin = Point(-margin, -margin)
        self.spacing = spacing
        self.columns = columns
        self.rows = rows
        values = ShadowGrid.values(of: local, sigma: sigma, originX: -margin, originY: -margin, spacing: spacing,
                                   columns: columns, rows: rows)
    }

    /// (sx, sy, ox, oy) mapping a local point p to unit texture coordinates p·(sx, sy) + (ox, oy), for a
    /// shape whose rect starts at `shapeOrigin` (texel centres at (i + ½) / columns).
    public func textureMap(shapeOrigin: Point) -> (Float, Float, Float, Float) {
        let gx = shapeOrigin.x + origin.x, gy = shapeOrigin.y + origin.y
        let sx = 1 / (spacing * Double(columns)), sy = 1 / (spacing * Double(rows))
        return (Float(sx), Float(sy), Float(0.5 / Double(columns) - gx * sx), Float(0.5 / Double(rows) - gy * sy))
    }

    /// The bilinearly filtered coverage at unit texture coordinates (u, v) from `samples` (`values`'
    /// storage), clamped to the edge samples, as a single-precision linear filter computes it: position
    /// u·columns − ½, weight = its fraction, then lerps a + w·(b − a) with one rounding each (fused
    /// multiply–add), along x, then along y.
    @inlinable public func coverage(u: Float, v: Float, samples: UnsafePointer<Float>) -> Float {
        let (i0, i1, wu) = ShadowTable.tap(u, count: columns)
        let (j0, j1, wv) = ShadowTable.tap(v, count: rows)
        let r0 = samples + j0 * columns, r1 = samples + j1 * columns
        return ShadowTable.lerp(ShadowTable.lerp(r0[i0], r0[i1], wu), ShadowTable.lerp(r1[i0], r1[i1], wu), wv)
    }

    /// One axis of a lookup at unit coordinate `u` over `count` samples: the two sample indices (clamped to
    /// the edge) and the weight of the second.
    @inlinable public static func tap(_ u: Float, count: Int) -> (Int, Int, Float) {
        let s = u * Float(count) - 0.5
        let f = s.rounded(.down)
        let i = Int(f > -2 ? min(f, Float(count)) : -2)
        return (min(max(i, 0), count - 1), min(max(i + 1, 0), count - 1), s - f)
    }

    /// a + w·(b − a) rounded once (the product is exact in double precision, so one double sum rounded
    /// to single is a fused multiply–add but for ties of that second rounding, which need a sum that
    /// has a single-precision half step in its last bits: vanishingly rare).
    @inlinable public static func lerp(_ a: Float, _ b: Float, _ w: Float) -> Float {
        Float(Double(w) * Double(b - a) + Double(a))
    }
}
