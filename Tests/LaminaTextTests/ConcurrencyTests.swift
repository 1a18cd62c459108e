import Testing
@testable import LaminaText

@Suite struct ConcurrencyTests {
    /// Faces, the fontconfig matcher and the rasterizer are shared between threads: many tasks lay out and
    /// rasterize with the same faces and get the same results as one thread.
    @Test func sharedFacesGiveTheSameResultsFromManyTasks() async throws {
        let face = TestFonts.dejaVu
        let matcher = try #require(FontMatcher())
        let text = "Shared \u{05E9}\u{05DC}\u{05D5}\u{05DD} faces \u{1F600} fine"
        let options = TextLayoutOptions(width: 120, isWrapped: true, alignment: .justified)
        func run() throws -> ([UInt32], [Double], Int) {
            let layout = TextLayout(runs: [TextRun(text, font: TestFonts.notoSans, fontSize: 18)], font: face,
                                    options: options, fallback: matcher)
            let glyphs = layout.lines.flatMap(\.glyphs)
            var ink = 0
            for g in glyphs {
                let b = try GlyphRasterizer().rasterize(g.glyphID, face: g.face, pixelSize: g.pixelSize, subpixel: g.pixelX.quarter)
                ink += b.pixels.reduce(0) { $0 + Int($1) }
            }
            return (glyphs.map(\.glyphID), glyphs.map(\.x), ink)
        }
        let expected = try run()
        let results = try await withThrowingTaskGroup(of: ([UInt32], [Double], Int).self) { group in
            for _ in 0..<16 { group.addTask { try run() } }
            var all: [([UInt32], [Double], Int)] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 16)
        for r in results {
            #expect(r.0 == expected.0 && r.1 == expected.1 && r.2 == expected.2)
        }
    }
}
