import CFreeType
import Foundation
import Testing
@testable import LaminaText

@Suite struct FontFaceTests {
    @Test func dejaVuMetricsAreFreeTypesHheaValues() throws {
        let face = TestFonts.dejaVu
        var library: FT_Library?
        var ft: FT_Face?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        #expect(FT_New_Face(library, TestFonts.dejaVuPath, 0, &ft) == 0)
        defer { FT_Done_Face(ft) }
        let rec = try #require(ft).pointee
        #expect(face.unitsPerEm == Int(rec.units_per_EM))
        #expect(face.metrics.ascent == Double(rec.ascender))
        #expect(face.metrics.descent == -Double(rec.descender))
        #expect(face.metrics.lineGap == Double(rec.height) - Double(rec.ascender) + Double(rec.descender))
        #expect(face.unitsPerEm == 2048)
        #expect(face.metrics == FontMetrics(ascent: 1901, descent: 483, lineGap: 0))
        #expect(face.familyName == "DejaVu Sans")
        let px = face.metrics(pixelSize: 32)
        #expect(abs(px.ascent - 29.703125) < 1e-9)
        #expect(abs(px.descent - 7.546875) < 1e-9)
    }

    @Test func bitmapOnlyEmojiFaceHasHeadAndHheaMetrics() {
        let face = TestFonts.notoEmoji
        #expect(face.unitsPerEm == 2048)
        #expect(face.hasColorGlyphs)
        #expect(!face.isScalable)
        #expect(face.metrics.ascent > 0 && face.metrics.descent > 0)
    }

    @Test func loadsFromBytesAndCoversCharacters() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuPath))
        let face = try FontFace(bytes: bytes, name: "dejavu-bytes")
        #expect(face.glyph(for: "A") == TestFonts.dejaVu.glyph(for: "A"))
        #expect(face.glyph(for: "A") == 36)
        #expect(face.glyph(for: "\u{4E2D}") == nil)
        #expect(face.covers(Array("e\u{301}".unicodeScalars)))
        #expect(!TestFonts.notoSans.covers(Array("\u{05E9}".unicodeScalars)))
    }

    @Test func missingFileIsAOneLineError() {
        expectFontError(try FontFace(path: "/nonexistent/font.ttf"), .fileNotFound(path: "/nonexistent/font.ttf"))
    }

    @Test func directoryIsAOneLineError() {
        expectFontError(try FontFace(path: "/usr/share/fonts"), .unreadable(path: "/usr/share/fonts", reason: "is a directory"))
    }

    @Test func randomBytesAndEmptyFilesAreNotFonts() {
        var rng = SystemRandomNumberGenerator()
        let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
        expectFontError(try FontFace(bytes: [0x89, 0x50, 0x4E, 0x47] + random, name: "r.ttf"), kind: "not a TrueType/OpenType font")
        expectFontError(try FontFace(bytes: [UInt8](), name: "e.ttf"), .notAFont(path: "e.ttf", reason: "empty file"))
        expectFontError(try FontFace(bytes: Array("hello, I am text".utf8), name: "t.ttf"), kind: "not a TrueType/OpenType font")
    }

    @Test func truncatedFontsAreCaughtBeforeFreeType() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuPath)))
        for length in [5, 11, 12, 100, 300, 4096, bytes.count / 2, bytes.count - 1] {
            expectFontError(try FontFace(bytes: bytes[0..<length], name: "cut.ttf"), kind: "truncated")
        }
    }

    @Test func faceIndexPastTheCollection() throws {
        let ttc = try oneFaceCollection()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-text-\(UUID().uuidString).ttc").path
        try Data(ttc).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = try FontFace(path: path + "#0")
        #expect(face.index == 0 && face.path == path)
        #expect(face.glyph(for: "A") == 36)
        expectFontError(try FontFace(path: path + "#99"), .faceIndexOutOfRange(path: path, index: 99, faceCount: 1))
        expectFontError(try FontFace(path: TestFonts.dejaVuPath + "#1"),
                        .faceIndexOutOfRange(path: TestFonts.dejaVuPath, index: 1, faceCount: 1))
        #expect(FontError.faceIndexOutOfRange(path: "a.ttc", index: 99, faceCount: 3).description
                == "font file a.ttc: face #99 requested, the file has 3 faces (#0–#2)")
    }

    @Test func mutatedFontsNeverCrashLoadingShapingOrRasterizing() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuPath)))
        var rng = SeededGenerator(seed: 45)
        var loaded = 0
        for _ in 0..<60 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                let at = Int.random(in: 0..<min(bytes.count, 2000), using: &rng)
                bytes[at] = UInt8.random(in: 0...255, using: &rng)
            }
            guard let face = try? FontFace(bytes: bytes, name: "m.ttf") else { continue }
            loaded += 1
            let layout = TextLayout(runs: [TextRun("Hello, fine world!", font: face, fontSize: 20)], font: face,
                                    options: TextLayoutOptions(width: 80, isWrapped: true, truncation: .end))
            for glyph in layout.lines.flatMap(\.glyphs) {
                _ = try? GlyphRasterizer().rasterize(glyph.glyphID, face: face, pixelSize: 20, subpixel: 1)
            }
        }
        #expect(loaded > 0)
    }

    /// DejaVu Sans wrapped as a TrueType collection of one face (table offsets moved past the ttcf header).
    private func oneFaceCollection() throws -> [UInt8] {
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFonts.dejaVuPath)))
        let tables = Int(font[4]) << 8 | Int(font[5])
        for t in 0..<tables {
            let at = 12 + 16 * t + 8
            let offset = UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16 | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])
            let moved = offset + 16
            font[at] = UInt8(moved >> 24); font[at + 1] = UInt8((moved >> 16) & 0xFF)
            font[at + 2] = UInt8((moved >> 8) & 0xFF); font[at + 3] = UInt8(moved & 0xFF)
        }
        return Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 16] + font
    }
}

func expectFontError(_ body: @autoclosure () throws -> FontFace, _ expected: FontError, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try body()
        Issue.record("expected \(expected)", sourceLocation: sourceLocation)
    } catch let error as FontError {
        #expect(error == expected, sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
}

func expectFontError(_ body: @autoclosure () throws -> FontFace, kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try body()
        Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
    } catch {
        let text = "\(error)"
        #expect(text.contains(kind), "\(text)", sourceLocation: sourceLocation)
        #expect(!text.contains("\n"), sourceLocation: sourceLocation)
    }
}

/// A deterministic generator (SplitMix64) so mutation tests repeat.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
