/// One glyph placed by `TextLayout`, in device pixels from the bounds' top-left (y down).
public struct PositionedGlyph: Sendable, Equatable {
    /// The face whose glyph this is.
    public var face: FontFace
    /// The glyph index in `face`.
    public var glyphID: UInt32
    /// The glyph origin's x, rounded to ¼ device pixel.
    public var x: Double
    /// The glyph origin's y (the baseline, moved by any mark offset), on a whole device pixel.
    public var y: Double
    /// The size the glyph is drawn at, in device pixels per em.
    public var pixelSize: Double
    /// Whether the face draws this glyph in its own colors (emoji).
    public var isColor: Bool
    /// The color token of the run the glyph belongs to.
    public var color: Int
    /// The index (in Unicode scalars of the whole text) of the first character the glyph stands for.
    public var cluster: Int

    /// The whole-pixel part of `x` and the subpixel offset (0...3, in quarter pixels) to rasterize at.
    public var pixelX: (whole: Int, quarter: Int) {
        let q = (x * 4).rounded(.down)
        guard q.isFinite else { return (0, 0) }
        let quarters = Int(min(max(q, -1e15), 1e15))
        return (quarters >> 2, quarters & 3)
    }
}
