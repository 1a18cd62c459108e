import Testing
@testable import LaminaText

@Suite struct LayoutTests {
    let face = TestFonts.dejaVu

    func layout(_ text: String, width: Double, height: Double? = nil, scale: Double = 1, wrap: Bool = true,
                align: TextAlignment = .natural, truncation: TextTruncation = .none, size: Double = 16) -> TextLayout {
        TextLayout(runs: [TextRun(text, font: face, fontSize: size)], font: face,
                   options: TextLayoutOptions(width: width, height: height, scale: scale, isWrapped: wrap,
                                              alignment: align, truncation: truncation))
    }

    func advance(_ glyph: PositionedGlyph, _ text: String) -> Double { TestFonts.width(text, face, size: glyph.pixelSize) }

    @Test func wrapsAtSpacesWhichHang() {
        let l = layout("hello world foo bar", width: 60)
        #expect(l.lines.map(\.textRange) == [0..<6, 6..<12, 12..<19])
        #expect(abs(l.lines[0].width - TestFonts.width("hello", face)) < 1e-9)
        #expect(l.lines[0].glyphs.count == 5)
        let right = layout("hello world foo bar", width: 60, align: .right)
        let last = right.lines[0].glyphs.last!
        #expect(abs(last.x + advance(last, "o") - 60) <= 0.25)
    }

    @Test func baselinesFollowTheContract() {
        let l = layout("one\ntwo\nthree", width: 500, wrap: false)
        let m = face.metrics(pixelSize: 16)
        var raw = m.ascent
        var expected = [(raw + 0.5).rounded(.down)]
        for _ in 1..<3 {
            raw += m.descent + m.lineGap + m.ascent
            expected.append((raw + 0.5).rounded(.down))
        }
        #expect(l.lines.map(\.baseline) == expected)
        #expect(expected == [15, 33, 52])
        let big = TextLayout(runs: [TextRun("a\n", font: face, fontSize: 16), TextRun("b", font: face, fontSize: 40)],
                             font: face, options: TextLayoutOptions(width: 500))
        let m40 = face.metrics(pixelSize: 40)
        #expect(big.lines[1].baseline == (m.ascent + m.descent + m.lineGap + m40.ascent + 0.5).rounded(.down))
    }

    @Test func paragraphSeparators() {
        let l = layout("a\nb\r\nc\u{2029}d\n", width: 500, wrap: false)
        #expect(l.lines.map(\.textRange) == [0..<1, 2..<3, 5..<6, 7..<8, 9..<9])
        #expect(l.lines.map(\.glyphs.count) == [1, 1, 1, 1, 0])
    }

    @Test func positionsAreQuarterPixelsAndBaselinesWholePixels() {
        let l = layout("The quick brown fox jumps over the lazy dog", width: 130, scale: 1.5, size: 13)
        #expect(l.lines.count > 1)
        for line in l.lines {
            #expect(line.baseline == line.baseline.rounded())
            for g in line.glyphs {
                #expect(g.x * 4 == (g.x * 4).rounded())
                #expect(g.y == line.baseline)
                #expect(g.x + 0.25 >= 0 && g.x <= 130 * 1.5)
            }
        }
    }

    @Test func longWordStartsANewLineAndBreaksBetweenGraphemes() {
        let word = String(repeating: "e\u{301}", count: 30) // decomposed é: 2 scalars per grapheme
        let l = layout("hi " + word, width: 50)
        #expect(l.lines[0].textRange == 0..<3)
        #expect(l.lines.count > 2)
        for line in l.lines.dropFirst() {
            #expect((line.textRange.lowerBound - 3) % 2 == 0 && (line.textRange.upperBound - 3) % 2 == 0)
            #expect(line.width <= 50 + 1e-9)
        }
        #expect(l.lines.last!.textRange.upperBound == 63)
    }

    @Test func justifiedLinesEndFlushButNotTheLast() {
        let text = "aaa aaaa aa aaaaa a aaa aaaa aa aaaaaa"
        let l = layout(text, width: 100, align: .justified)
        #expect(l.lines.count >= 3)
        for line in l.lines.dropLast() {
            let last = line.glyphs.last!
            #expect(abs(last.x + advance(last, "a") - 100) <= 0.25 + 1e-9)
            #expect(line.glyphs.first!.x == 0)
        }
        let final = l.lines.last!
        #expect(final.x == 0 && final.width < 100 - 1)
        let plain = layout(text, width: 100, align: .left)
        #expect(plain.lines.map(\.textRange) == l.lines.map(\.textRange))
    }

    @Test func centerAlignment() {
        let l = layout("abc", width: 100, wrap: false, align: .center)
        #expect(abs(l.lines[0].x - (100 - TestFonts.width("abc", face)) / 2) < 1e-9)
    }

    @Test func endTruncationKeepsWholeGraphemesAndAddsEllipsis() {
        let text = String(repeating: "e\u{301}", count: 20)
        let l = layout(text, width: 60, wrap: false, truncation: .end)
        let glyphs = l.lines[0].glyphs
        #expect(l.lines[0].isTruncated)
        #expect(glyphs.last!.glyphID == face.glyph(for: "\u{2026}"))
        let kept = glyphs.dropLast()
        #expect(!kept.isEmpty && kept.allSatisfy { $0.cluster % 2 == 0 })
        #expect(kept.map(\.cluster) == Array(stride(from: 0, to: 2 * kept.count, by: 2)))
        #expect(l.lines[0].width <= 60)
        let oneMore = TestFonts.width(String(repeating: "e\u{301}", count: kept.count + 1) + "\u{2026}", face)
        #expect(oneMore > 60)
    }

    @Test func startAndMiddleTruncation() {
        let text = "abcdefghijklmnopqrstuvwxyz"
        let start = layout(text, width: 60, wrap: false, truncation: .start).lines[0]
        #expect(start.glyphs.first!.glyphID == face.glyph(for: "\u{2026}"))
        let tail = start.glyphs.dropFirst().map(\.cluster)
        #expect(tail.last == 25 && tail == Array((26 - tail.count)..<26))
        #expect(start.width <= 60)

        let middle = layout(text, width: 60, wrap: false, truncation: .middle).lines[0]
        let ellipsisAt = middle.glyphs.firstIndex { $0.glyphID == face.glyph(for: "\u{2026}") }!
        let head = middle.glyphs[..<ellipsisAt].map(\.cluster), back = middle.glyphs[(ellipsisAt + 1)...].map(\.cluster)
        #expect(head == Array(0..<head.count))
        #expect(back == Array((26 - back.count)..<26))
        #expect(head.count == back.count || head.count == back.count + 1)
        #expect(middle.width <= 60)

        let fits = layout("abc", width: 60, wrap: false, truncation: .end).lines[0]
        #expect(!fits.isTruncated && fits.glyphs.count == 3)
    }

    @Test func wrappedTextCutAtTheHeightTruncatesTheLastDrawnLine() {
        let text = "one two three four five six seven eight"
        let all = layout(text, width: 60)
        #expect(all.lines.count > 3)
        // Two lines fit: the second's baseline (33) plus descent (3.77) is inside 40, the third's is not.
        let cut = layout(text, width: 60, height: 40, truncation: .end)
        #expect(cut.lines.count == 2)
        #expect(cut.lines[1].isTruncated)
        #expect(cut.lines[1].textRange.upperBound == text.unicodeScalars.count)
        #expect(cut.lines[1].glyphs.last!.glyphID == face.glyph(for: "\u{2026}"))
        #expect(cut.lines[1].width <= 60)
        let noTruncation = layout(text, width: 60, height: 40)
        #expect(noTruncation.lines.count == 2 && !noTruncation.lines[1].isTruncated)
        #expect(noTruncation.lines[1].textRange == all.lines[1].textRange)
        #expect(layout(text, width: 60, height: 10).lines.isEmpty)
    }

    @Test func controlCharactersAndTabsDrawNoBoxes() {
        let l = layout("a\tb\u{1}c\u{2028}d\re", width: 500, wrap: false)
        #expect(l.lines.count == 3)
        #expect(!l.lines.flatMap(\.glyphs).contains { $0.glyphID == 0 })
        let tab = l.lines[0].glyphs
        #expect(abs(tab[2].x - tab[1].x - TestFonts.width(" ", face)) <= 0.25)
    }

    @Test func hostileOptionsNeverTrap() {
        let text = "Hello world \u{05E9}\u{05DC}\u{05D5}\u{05DD}\n\nagain"
        for width in [-10.0, 0, .nan, .infinity, 1e300] {
            for size in [1e300, 1e-300, -5, .nan] {
                for truncation in TextTruncation.allCases {
                    let l = TextLayout(runs: [TextRun(text, font: face, fontSize: size)], font: face,
                                       options: TextLayoutOptions(width: width, height: width, scale: 0, isWrapped: width < 100,
                                                                  alignment: .justified, truncation: truncation))
                    for g in l.lines.flatMap(\.glyphs) { _ = g.pixelX }
                }
            }
        }
        let empty = TextLayout(runs: [], font: face, options: TextLayoutOptions(width: 100, truncation: .middle))
        #expect(empty.lines.count == 1 && empty.glyphCount == 0)
        #expect(empty.lines[0].baseline == (face.metrics(pixelSize: 36).ascent + 0.5).rounded(.down))
    }

    @Test func extentsCoverTheLines() {
        let l = layout("hello world foo bar", width: 60)
        #expect(l.extents.minY == 15 - face.metrics(pixelSize: 16).ascent)
        #expect(abs(l.extents.maxY - (52 + face.metrics(pixelSize: 16).descent)) < 1e-9)
        #expect(l.extents.minX == 0 && l.extents.width == l.lines.map(\.width).max())
    }
}
