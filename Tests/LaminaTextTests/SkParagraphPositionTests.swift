import Foundation
import Lamina
import Testing
@testable import LaminaText

/// Lamina's layout against Skia's paragraph layout (SkParagraph) of the same text in the same font files:
/// `tools/text-skia/positions.json` (made by `tools/text-skia/make-positions` with skia-python) holds each
/// test paragraph's lines and the box of every character. Both wrap at the same width, left-aligned: the
/// same lines, each glyph within 0.5 px of SkParagraph's, the first baseline within the pixel Lamina snaps it
/// to (later lines follow the contract's line pitch, ascent + descent, where SkParagraph rounds each line's
/// height).
@Suite struct SkParagraphPositionTests {
    struct Reference: Decodable {
        struct Line: Decodable { var start: Int; var end: Int; var baseline: Double }
        /// The shortest ranges of characters SkParagraph gives a box (a conjunct syllable is one).
        struct Cluster: Decodable { var start: Int; var end: Int; var line: Int; var boxes: [[Double]] }
        struct Case: Decodable {
            var name: String; var fonts: [String]; var size: Double; var width: Double; var direction: String; var text: String
            var lines: [Line]; var clusters: [Cluster]
        }
        var cases: [Case]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("tools/text-skia/positions.json")
        guard let data = try? Data(contentsOf: url), let r = try? JSONDecoder().decode(Reference.self, from: data) else {
            fatalError("cannot read \(url.path)")
        }
        return r
    }()

    /// The worst differences of one case: glyph x against the box of its characters (spaces left out: both
    /// hang a line's trailing spaces, in different places), and the first baseline.
    struct Comparison {
        var lineStarts: [Int] = []
        var worstX = 0.0
        var compared = 0
        var firstBaseline = 0.0
    }

    static func compare(_ c: Reference.Case) throws -> Comparison {
        let engine = TextStack()
        let fonts = ["Primary": SceneFonts.load(c.fonts[0])]
        let text = TextContent(string: c.text, font: "Primary", fontSize: c.size, foregroundColor: .black, alignmentMode: .left,
                               isWrapped: true)
        let layout = try engine.layout(text, size: Size(c.width, 10_000), scale: 1, origin: (0, 0), fonts: fonts)
        let scalars = Array(c.text.unicodeScalars)
        var result = Comparison()
        result.lineStarts = layout.lines.map(\.textRange.lowerBound)
        result.firstBaseline = abs((layout.lines.first?.baseline ?? 0) - (c.lines.first?.baseline ?? 0))
        for (n, line) in layout.lines.enumerated() {
            let starts = Set(line.glyphs.map(\.cluster)).sorted()
            for (k, start) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : line.textRange.upperBound
                let boxes = c.clusters.filter { $0.start >= start && $0.start < end && $0.line == n && !Self.isSpace(scalars, $0) }
                    .flatMap(\.boxes)
                let glyphs = line.glyphs.filter { $0.cluster == start }
                guard let skiaLeft = boxes.map({ $0[0] }).min(), let laminaLeft = glyphs.map(\.x).min() else { continue }
                result.worstX = max(result.worstX, abs(laminaLeft - line.x - skiaLeft))
                result.compared += 1
            }
        }
        return result
    }

    static func isSpace(_ scalars: [Unicode.Scalar], _ cluster: Reference.Cluster) -> Bool {
        scalars[cluster.start..<min(cluster.end, scalars.count)].allSatisfy(\.properties.isWhitespace)
    }

    @Test(arguments: ["latin-kerning", "latin-wrap", "hebrew-mixed", "arabic", "devanagari", "emoji"])
    func linesBreakAndGlyphsSitWhereSkParagraphPutsThem(_ name: String) throws {
        let c = try #require(Self.reference.cases.first { $0.name == name })
        let r = try Self.compare(c)
        #expect(r.lineStarts == c.lines.map(\.start), "line starts")
        #expect(r.compared >= c.text.unicodeScalars.count / 3, "\(r.compared) clusters compared")
        #expect(r.worstX <= 0.5, "worst glyph x difference \(r.worstX) px")
        #expect(r.firstBaseline < 1, "first baseline \(r.firstBaseline) px apart (Lamina's is on a whole pixel)")
    }
}
