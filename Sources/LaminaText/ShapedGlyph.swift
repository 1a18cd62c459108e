/// A glyph as HarfBuzz shaped it, in device pixels relative to the pen.
struct ShapedGlyph {
    var glyphID: UInt32
    /// Index of the first character of the glyph's cluster, within the paragraph.
    var cluster: Int
    var xAdvance: Double
    var xOffset: Double
    var yOffset: Double
}
