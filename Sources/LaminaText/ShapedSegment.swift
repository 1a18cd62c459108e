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

extension ShapedSegment {
    /// The indices of the glyphs whose clusters lie in `chars`: HarfBuzz keeps clusters monotone (rising for
    /// left-to-right, falling for right-to-left), so they are one contiguous stretch found by bisection.
    func glyphIndices(for chars: Range<Int>) -> Range<Int> {
        let rightToLeft = level & 1 == 1
        func firstIndex(where predicate: (Int) -> Bool) -> Int {
            var lo = 0, hi = glyphs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if predicate(glyphs[mid].cluster) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let start = rightToLeft ? firstIndex { $0 < chars.upperBound } : firstIndex { $0 >= chars.lowerBound }
        let end = rightToLeft ? firstIndex { $0 < chars.lowerBound } : firstIndex { $0 >= chars.upperBound }
        return start..<max(start, end)
    }
}
