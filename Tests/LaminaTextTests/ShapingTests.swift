import Testing
@testable import LaminaText

@Suite struct ShapingTests {
    @Test func fiAndFfiBecomeLigatures() {
        let face = TestFonts.dejaVu
        let fi = TestFonts.line("fi", face).glyphs
        #expect(fi.count == 1)
        #expect(fi[0].glyphID != face.glyph(for: "f") && fi[0].glyphID != face.glyph(for: "i"))
        #expect(fi[0].glyphID == 5042)
        let ffi = TestFonts.line("ffi", face).glyphs
        #expect(ffi.map(\.glyphID) == [5044])
        #expect(ffi[0].cluster == 0)
    }

    @Test func avIsKernedTighterThanItsAdvances() {
        let face = TestFonts.dejaVu
        let pair = TestFonts.width("AV", face)
        let apart = TestFonts.width("A", face) + TestFonts.width("V", face)
        #expect(pair < apart - 0.5)
        #expect(abs(apart - (1401 + 1401) * 16 / 2048.0) < 1e-9)
    }

    @Test func arabicLettersJoin() {
        let face = TestFonts.notoArabic
        let text = "\u{0628}\u{064A}\u{062A}" // بيت
        let line = TestFonts.line(text, face)
        #expect(line.isRightToLeft)
        let isolated = text.unicodeScalars.map { face.glyph(for: $0)! }
        #expect(line.glyphs.map(\.cluster) == [2, 1, 0])
        let logical = line.glyphs.reversed().map(\.glyphID)
        #expect(logical.count == 3)
        for (shaped, nominal) in zip(logical, isolated) { #expect(shaped != nominal) }
        #expect(line.glyphs[0].x < line.glyphs[1].x && line.glyphs[1].x < line.glyphs[2].x)
    }

    @Test func devanagariReordersAndFormsConjuncts() {
        let face = TestFonts.notoDevanagari
        let ki = TestFonts.line("\u{0915}\u{093F}", face).glyphs // कि: the i sign is drawn before KA
        #expect(ki.count == 2)
        #expect(ki[1].glyphID == face.glyph(for: "\u{0915}"))
        #expect(ki[0].glyphID != face.glyph(for: "\u{0915}"))
        #expect(ki[0].x < ki[1].x)
        let kssa = TestFonts.line("\u{0915}\u{094D}\u{0937}", face).glyphs // क्ष: one conjunct glyph
        #expect(kssa.count == 1)
        #expect(!"\u{0915}\u{094D}\u{0937}".unicodeScalars.contains { face.glyph(for: $0) == kssa[0].glyphID })
    }

    @Test func hebrewLatinAndDigitsInVisualOrder() {
        // abc [shin lamed vav final-mem] 123 def: the Hebrew word and the number after it form one
        // right-to-left run, so the number comes first on screen, then the Hebrew reversed.
        let line = TestFonts.line("abc \u{05E9}\u{05DC}\u{05D5}\u{05DD} 123 def", TestFonts.dejaVu)
        #expect(!line.isRightToLeft)
        #expect(line.glyphs.map(\.cluster) == [0, 1, 2, 3, 9, 10, 11, 8, 7, 6, 5, 4, 12, 13, 14, 15])
        let xs = line.glyphs.map(\.x)
        #expect(xs == xs.sorted())
    }

    @Test func rightToLeftParagraphAlignsRightWithLatinInside() {
        let face = TestFonts.dejaVu
        let text = "\u{05E9}\u{05DC}\u{05D5}\u{05DD} abc 42"
        let layout = TextLayout(runs: [TextRun(text, font: face, fontSize: 16)], font: face, options: TextLayoutOptions(width: 200))
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        #expect(abs(line.x + line.width - 200) < 1e-9)
        // The digits follow Latin (W7), so "abc 42" is one left-to-right run; on screen, left to right:
        // "abc 42", the space, then the Hebrew word reversed.
        #expect(line.glyphs.map(\.cluster) == [5, 6, 7, 8, 9, 10, 4, 3, 2, 1, 0])
    }

    @Test func runsKeepTheirOwnSizeAndColor() {
        let face = TestFonts.dejaVu
        let layout = TextLayout(runs: [TextRun("ab", font: face, fontSize: 16, color: 7), TextRun("cd", font: face, fontSize: 32, color: 9)],
                                font: face, options: TextLayoutOptions(width: 500, scale: 2))
        let glyphs = layout.lines[0].glyphs
        #expect(glyphs.map(\.pixelSize) == [32, 32, 64, 64])
        #expect(glyphs.map(\.color) == [7, 7, 9, 9])
        #expect(layout.lines[0].ascent == face.metrics(pixelSize: 64).ascent)
        #expect(layout.lines[0].baseline == (face.metrics(pixelSize: 64).ascent + 0.5).rounded(.down))
    }

    @Test func emojiFromANamedFontListIsAColorGlyph() {
        let fallback = FontList([TestFonts.notoEmoji])
        let glyphs = TestFonts.line("a\u{1F600}b", TestFonts.notoSans, fallback: fallback).glyphs
        #expect(glyphs.count == 3)
        #expect(glyphs[1].face === TestFonts.notoEmoji && glyphs[1].isColor)
        #expect(glyphs[0].face === TestFonts.notoSans && !glyphs[0].isColor)
        // A ZWJ family sequence stays one cluster in one face.
        let family = TestFonts.line("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", TestFonts.notoSans, fallback: fallback).glyphs
        #expect(family.count == 1 && family[0].face === TestFonts.notoEmoji)
    }

    @Test func missingCharacterWithoutFallbackIsNotdef() {
        let glyphs = TestFonts.line("a\u{4E2D}", TestFonts.dejaVu).glyphs
        #expect(glyphs.count == 2)
        #expect(glyphs[1].glyphID == 0)
    }
}
