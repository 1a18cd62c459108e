import CHarfBuzz
import CUnibreak

/// One paragraph itemized and shaped: bidi levels, fonts per grapheme cluster (with fallback), script runs,
/// HarfBuzz segments, each character's advance, and where lines may break.
struct ShapedParagraph {
    /// The paragraph's Unicode scalar values.
    var text: [UInt32]
    /// Offset of the paragraph's first character in the whole text.
    var offset: Int
    /// The input run of each character.
    var runOfChar: [Int]
    var bidi: BidiParagraph
    var segments: [ShapedSegment]
    /// prefix[i] = total advance of characters 0..<i (a glyph's advance counts at its cluster's first character).
    var prefix: [Double]
    /// Whether a line or a truncation may cut before character i (a grapheme and HarfBuzz cluster boundary);
    /// count + 1 entries.
    var isClusterBoundary: [Bool]
    /// UAX #14: a line may break before character i (i in 1..<count).
    var breakAllowedBefore: [Bool]
    /// UAX #14: a line must break before character i (U+2028 and the like).
    var breakRequiredBefore: [Bool]

    var count: Int { text.count }

    private static let unibreakReady: Bool = {
        init_linebreak()
        return true
    }()

    init(text: [UInt32], offset: Int, runOfChar: [Int], runs: [TextRun], scale: Double, fallback: (any FontFallback)?) {
        self.text = text
        self.offset = offset
        self.runOfChar = runOfChar
        let n = text.count
        bidi = BidiParagraph(text)

        var graphemeStart = [Bool](repeating: false, count: n + 1)
        var faceOfChar = [FontFace?](repeating: nil, count: n)
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.map { Unicode.Scalar($0) ?? "\u{FFFD}" })
        var i = 0
        for character in String(scalars) {
            let cluster = Array(character.unicodeScalars)
            graphemeStart[i] = true
            let primary = runs[runOfChar[i]].font
            let face = primary.covers(cluster) ? primary : (fallback?.fallbackFace(for: cluster, primary: primary) ?? primary)
            for j in i..<min(i + cluster.count, n) { faceOfChar[j] = face }
            i += cluster.count
        }
        graphemeStart[n] = true

        let scripts = HarfBuzzShaper.scripts(of: text)
        let shapingText = text.map(Self.shapingCharacter)
        var segments: [ShapedSegment] = []
        var advance = [Double](repeating: 0, count: n)
        var clusterStart = [Bool](repeating: false, count: n + 1)
        clusterStart[n] = true
        var start = 0
        while start < n {
            var end = start + 1
            while end < n, runOfChar[end] == runOfChar[start], faceOfChar[end] === faceOfChar[start],
                  bidi.levels[end] == bidi.levels[start], scripts[end] == scripts[start] { end += 1 }
            let run = runs[runOfChar[start]]
            let face = faceOfChar[start] ?? run.font
            let pixelSize = run.fontSize * scale
            let glyphs = HarfBuzzShaper.shape(shapingText, range: start..<end, face: face, pixelSize: pixelSize,
                                              rightToLeft: bidi.levels[start] & 1 == 1, script: scripts[start])
            for g in glyphs where g.cluster >= start && g.cluster < end {
                advance[g.cluster] += g.xAdvance
                clusterStart[g.cluster] = true
            }
            clusterStart[start] = true
            segments.append(ShapedSegment(range: start..<end, level: bidi.levels[start], runIndex: runOfChar[start],
                                          face: face, pixelSize: pixelSize, glyphs: glyphs))
            start = end
        }
        self.segments = segments
        var prefix = [Double](repeating: 0, count: n + 1)
        for k in 0..<n { prefix[k + 1] = prefix[k] + advance[k] }
        self.prefix = prefix
        isClusterBoundary = (0...n).map { graphemeStart[$0] && clusterStart[$0] }

        var breaks = [CChar](repeating: CChar(LINEBREAK_NOBREAK), count: n)
        _ = Self.unibreakReady
        if n > 0 {
            text.withUnsafeBufferPointer { set_linebreaks_utf32($0.baseAddress, n, nil, &breaks) }
        }
        breakAllowedBefore = [Bool](repeating: false, count: n + 1)
        breakRequiredBefore = [Bool](repeating: false, count: n + 1)
        for k in 1..<max(n, 1) where isClusterBoundary[k] {
            breakAllowedBefore[k] = breaks[k - 1] == CChar(LINEBREAK_ALLOWBREAK) || breaks[k - 1] == CChar(LINEBREAK_MUSTBREAK)
            breakRequiredBefore[k] = breaks[k - 1] == CChar(LINEBREAK_MUSTBREAK)
        }
    }

    /// What HarfBuzz is given for a character: a tab is shaped as a space (no tab stops), other control
    /// characters and line separators as a zero-width space, so no font draws them as `.notdef` boxes.
    static func shapingCharacter(_ c: UInt32) -> UInt32 {
        if c == 0x09 { return 0x20 }
        if c < 0x20 || (0x7F...0x9F).contains(c) || c == 0x2028 || c == 0x2029 { return 0x200B }
        return c
    }

    /// The advance of characters a..<b, in device pixels.
    func width(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }

    /// Whether character i hangs at the end of a wrapped line (a space, not a no-break one; a tab).
    func hangs(_ i: Int) -> Bool {
        let c = text[i]
        if c == 0x09 { return true }
        if c == 0xA0 || c == 0x2007 || c == 0x202F { return false }
        return Unicode.Scalar(c)?.properties.generalCategory == .spaceSeparator
    }

    /// The end of a..<b without the spaces that would hang at its end.
    func endWithoutHangingSpaces(_ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, hangs(e - 1) { e -= 1 }
        return e
    }

    /// The cluster boundaries in a...b, in order (a and b included).
    func boundaries(_ a: Int, _ b: Int) -> [Int] {
        (a...b).filter { $0 == a || $0 == b || isClusterBoundary[$0] }
    }
}
