/// A glyph as HarfBuzz shaped it, in device pixels relative to the pen.
struct ShapedGlyph {
    var glyphID: UInt32
    /// Index of the first character of the glyph's cluster, within the paragraph.
    var cluster: Int
    var xAdvance: Double
    var xOffset: Double
    var yOffset: Double
}

/// A maximal stretch of a paragraph with one input run, face, bidi level and script, shaped as one HarfBuzz
/// buffer; its glyphs are in HarfBuzz's output order (visual order within the segment).
struct ShapedSegment {
    var range: Range<Int>
    var level: UInt8
    var runIndex: Int
    var face: FontFace
    var pixelSize: Double
    var glyphs: [ShapedGlyph]
}
