/// A face's vertical metrics as the contract defines them: ascent A = FreeType's `ascender`,
/// descent D = −`descender`, gap G = `height` − `ascender` + `descender`. Font units or pixels, as produced.
public struct FontMetrics: Equatable, Sendable {
    /// Distance from the baseline up to the top of the line box.
    public var ascent: Double
    /// Distance from the baseline down to the bottom of the line box (positive).
    public var descent: Double
    /// Extra space below the descent before the next line's ascent.
    public var lineGap: Double

    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }

    /// These metrics (in font units of a face with `unitsPerEm`) at `pixelSize` pixels per em.
    public func scaled(unitsPerEm: Int, pixelSize: Double) -> FontMetrics {
        let k = pixelSize / Double(max(unitsPerEm, 1))
        return FontMetrics(ascent: ascent * k, descent: descent * k, lineGap: lineGap * k)
    }
}
