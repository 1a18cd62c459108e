import Testing
@testable import LaminaText

/// These tests use the machine's fontconfig on purpose; they need tools/setup's fonts (DejaVu, Noto, Noto
/// Color Emoji) and assert only what any such machine gives.
@Suite struct FontMatcherTests {
    let matcher = FontMatcher()!

    @Test func familyAndStyleMatch() throws {
        let bold = try #require(matcher.match("DejaVu Sans:Bold"))
        #expect(bold.file == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(bold.family == "DejaVu Sans" && bold.style == "Bold")
        #expect(bold.warning == nil)
        let (face, warning) = try matcher.face(named: "DejaVu Sans")
        #expect(face.familyName == "DejaVu Sans" && face.styleName == "Book" && warning == nil)
        #expect(try matcher.face(named: "DejaVu Sans").face === face)
    }

    @Test func unknownFamilyFallsBackWithAWarning() throws {
        let found = try #require(matcher.match("No Such Family 45"))
        #expect(found.warning == "font family \"No Such Family 45\" not found; using \"\(found.family)\"")
        #expect(!found.file.isEmpty)
        let (face, warning) = try matcher.face(named: "No Such Family 45:Bold")
        #expect(warning != nil && !warning!.contains("\n"))
        #expect(face.glyph(for: "A") != nil)
    }

    @Test func perCharacterFallback() throws {
        let latin = TestFonts.notoSans
        for text in ["\u{1F600}", "\u{05E9}", "\u{0915}", "\u{0628}"] {
            let cluster = Array(text.unicodeScalars)
            #expect(!latin.covers(cluster))
            let face = try #require(matcher.fallbackFace(for: cluster, primary: latin), "\(text.unicodeScalars.first!.value)")
            #expect(face !== latin && face.covers(cluster))
        }
        let emoji = try #require(matcher.fallbackFace(for: ["\u{1F600}"], primary: latin))
        #expect(emoji.hasColorGlyphs)
        #expect(matcher.fallbackFace(for: ["\u{10FFFD}"], primary: latin) == nil)
    }

    @Test func layoutWithSystemFallbackDrawsEveryCharacter() {
        let line = TestFonts.line("Hi \u{1F600} \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947}", TestFonts.notoSans,
                                  fallback: matcher)
        #expect(!line.glyphs.contains { $0.glyphID == 0 })
        #expect(line.glyphs.contains { $0.isColor })
        #expect(Set(line.glyphs.map { ObjectIdentifier($0.face) }).count >= 3)
    }
}
