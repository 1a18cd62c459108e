import Lamina
import Testing
@testable import LaminaText

@Suite struct TextStackDrawingTests {
    let engine = TextStack()

    @Test func inkStaysInsideTheBounds() throws {
        let text = TextContent(string: "Hello, wide world", font: "Sans", fontSize: 40, foregroundColor: .white)
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 100, 30), tx: 10, ty: 5,
                                                 region: PixelRect(x: 0, y: 0, width: 200, height: 80)))
        let box = try #require(p.inkBox)
        #expect(box.minX >= 10 && box.maxX <= 109 && box.minY >= 5 && box.maxY <= 34)
        #expect(box.maxX == 109, "the line is cut at the bounds' right edge, not wrapped")
        #expect(box.maxY == 34, "the descent of the 40-pt line is cut at the bounds' bottom")
        #expect(p.inked.allSatisfy { p.pixel($0.x, $0.y).x == p.pixel($0.x, $0.y).w }, "white premultiplied: r == a")
        #expect(p.inked.contains { p.pixel($0.x, $0.y).w == 255 })
    }

    @Test func boundsOriginAndScaleMapThroughTheTransform() throws {
        let text = TextContent(string: "Hi", font: "Sans", fontSize: 20)
        let unit = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 50, 30), scale: 2,
                                                    region: PixelRect(x: 0, y: 0, width: 100, height: 60)))
        let shifted = try #require(try SceneFonts.draw(engine, text, bounds: Rect(10, 20, 50, 30), scale: 2, tx: -20, ty: -40,
                                                       region: PixelRect(x: 0, y: 0, width: 100, height: 60)))
        let same = unit.bytes == shifted.bytes
        #expect(same)
        let box = try #require(unit.inkBox)
        #expect(box.maxY > 30, "at scale 2 a 20-pt line spans more than 30 pixels")
    }

    @Test func partlyCoveredEdgePixelsKeepTheirAreaShare() throws {
        let text = TextContent(string: "\u{2588}\u{2588}\u{2588}\u{2588}", font: "Sans", fontSize: 40)
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 10.5, 40),
                                                 region: PixelRect(x: 0, y: 0, width: 20, height: 40)))
        #expect(p.pixel(5, 20) == SIMD4(255, 255, 255, 255))
        #expect(p.pixel(10, 20) == SIMD4(128, 128, 128, 128))
        #expect(p.pixel(11, 20) == SIMD4(0, 0, 0, 0))
    }

    @Test func fontconfigNameWithStyleGivesThatFace() throws {
        let bold = try engine.face(named: "DejaVu Sans:Bold", fonts: [:])
        #expect(bold.familyName == "DejaVu Sans" && bold.styleName == "Bold")
        let regular = try engine.face(named: "DejaVu Sans", fonts: [:])
        #expect(regular.styleName != "Bold")
        #expect(try engine.face(named: "Sans", fonts: SceneFonts.table).path == TestFonts.dejaVuPath, "the table wins over fontconfig")
        func ink(_ font: String) throws -> Int {
            let text = TextContent(string: "Bold ink", font: font, fontSize: 30)
            let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 200, 40), region: PixelRect(x: 0, y: 0, width: 200, height: 40)))
            return p.bytes.enumerated().reduce(0) { $0 + ($1.offset % 4 == 3 ? Int($1.element) : 0) }
        }
        #expect(try ink("DejaVu Sans:Bold") > ink("DejaVu Sans") * 11 / 10)
        #expect(try ink("DejaVu Sans:Bold") == ink("Bold"))
        let error = #expect(throws: TextEngineError.self) { try engine.face(named: "DejaVu Sans:weight=heavyish", fonts: [:]) }
        #expect(error?.kind == .badInput && error?.message.hasPrefix("font \"DejaVu Sans:weight=heavyish\": fontconfig cannot read") == true)
    }

    @Test func aRunWithItsOwnColorDrawsThatColor() throws {
        let text = TextContent(runs: [TextSpan("IIII"), TextSpan("IIII", foregroundColor: Color(red: 1, green: 0, blue: 0))],
                               font: "Sans", fontSize: 30, foregroundColor: Color(red: 0, green: 0, blue: 1))
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 200, 40), region: PixelRect(x: 0, y: 0, width: 200, height: 40)))
        let red = p.inked.filter { p.pixel($0.x, $0.y) == SIMD4(255, 0, 0, 255) }
        let blue = p.inked.filter { p.pixel($0.x, $0.y) == SIMD4(0, 0, 255, 255) }
        #expect(!red.isEmpty && !blue.isEmpty)
        #expect(blue.map(\.x).max()! < red.map(\.x).min()!)
        #expect(p.inked.allSatisfy { p.pixel($0.x, $0.y).y == 0 }, "no green anywhere")
    }

    @Test func translucentColorsBlendWithIntegerRounding() throws {
        let text = TextContent(string: "\u{2588}", font: "Sans", fontSize: 40, foregroundColor: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 40, 40), region: PixelRect(x: 0, y: 0, width: 40, height: 40)))
        #expect(p.pixel(5, 20) == SIMD4(128, 64, 0, 128), "premultiplied (0.5, 0.25, 0, 0.5) × 255, rounded")
    }

    @Test func anEmojiDrawsInItsOwnColors() throws {
        for font in ["Sans", "Emoji"] {
            let text = TextContent(string: "\u{1F355}", font: font, fontSize: 40, foregroundColor: .white)
            let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 60, 60), region: PixelRect(x: 0, y: 0, width: 60, height: 60)))
            let colored = p.inked.filter { let c = p.pixel($0.x, $0.y); return c.w == 255 && Int(c.x) - Int(c.z) > 100 }
            #expect(colored.count > 200, "the pizza of \(font) in its own colors (through fallback for Sans, which lacks it)")
        }
    }

    @Test func hebrewWithDigitsRunsRightToLeft() throws {
        let text = TextContent(string: "\u{05E9}\u{05DC}\u{05D5}\u{05DD} 123", font: "Hebrew", fontSize: 20)
        let layout = try engine.layout(text, size: Size(300, 40), scale: 1, origin: (0, 0), fonts: SceneFonts.table)
        let line = try #require(layout.lines.first)
        #expect(line.isRightToLeft)
        func x(_ cluster: Int) throws -> Double { try #require(line.glyphs.first { $0.cluster == cluster }).x }
        #expect(try x(0) > x(1) && x(1) > x(2) && x(2) > x(3), "Hebrew letters from right to left")
        #expect(try x(5) < x(6) && x(6) < x(7), "digits keep left to right")
        #expect(try x(7) < x(3), "the number stands left of the word")
        #expect(abs(line.x + line.width - 300) < 0.5, "natural alignment of a right-to-left paragraph is right")
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 300, 40), region: PixelRect(x: 0, y: 0, width: 300, height: 40)))
        #expect(try #require(p.inkBox).maxX >= 290)
    }

    @Test func wrappingGivesSeveralLinesWithinTheWidth() throws {
        let text = TextContent(string: "The quick brown fox jumps over the lazy dog again and again", font: "Sans", fontSize: 16,
                               isWrapped: true)
        let layout = try engine.layout(text, size: Size(120, 400), scale: 2, origin: (0, 0), fonts: SceneFonts.table)
        #expect(layout.lines.count >= 4)
        #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.baseline < $1.baseline })
        let p = try #require(try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 120, 400), scale: 2,
                                                 region: PixelRect(x: 0, y: 0, width: 300, height: 800)))
        let box = try #require(p.inkBox)
        #expect(box.maxX < 240 && box.maxY > 4 * 32)
        let ink = try #require(try engine.inkBounds(text, bounds: Rect(0, 0, 120, 400), fonts: SceneFonts.table, scale: 2))
        #expect(ink.maxX <= 120 && ink.minX >= 0 && ink.height > 4 * 16)
        #expect(abs(ink.minY - Double(box.minY) / 2) <= 0.5 && abs(ink.maxY - Double(box.maxY + 1) / 2) <= 0.5)
    }

    @Test func truncationEndsWithAnEllipsis() throws {
        let text = TextContent(string: "The quick brown fox jumps over", font: "Sans", fontSize: 16, truncationMode: .end)
        let layout = try engine.layout(text, size: Size(90, 30), scale: 1, origin: (0, 0), fonts: SceneFonts.table)
        let line = try #require(layout.lines.first)
        let ellipsis = try #require(TestFonts.dejaVu.glyph(for: "\u{2026}"))
        #expect(line.isTruncated)
        #expect(line.glyphs.last?.glyphID == ellipsis)
        #expect(line.width <= 90)
        let wrapped = TextContent(string: "one two three four five six seven eight", font: "Sans", fontSize: 16, isWrapped: true,
                                  truncationMode: .end)
        let two = try engine.layout(wrapped, size: Size(80, 40), scale: 1, origin: (0, 0), fonts: SceneFonts.table)
        #expect(two.lines.count == 2 && two.lines[1].isTruncated && two.lines[1].glyphs.last?.glyphID == ellipsis)
    }

    @Test func baselinesLandOnWholePixelsAfterTheTranslation() throws {
        let text = TextContent(string: "Baseline gy", font: "Sans", fontSize: 17)
        let bounds = Rect(0, 0, 150, 40)
        let region = PixelRect(x: 0, y: 0, width: 160, height: 50)
        let reference = try #require(try SceneFonts.draw(engine, text, bounds: bounds, tx: 0.25, ty: 0.5, region: region))
        let moved = try #require(try SceneFonts.draw(engine, text, bounds: bounds, tx: 3.25, ty: 4.5,
                                                     region: PixelRect(x: 3, y: 4, width: 160, height: 50)))
        let same = moved.bytes == reference.bytes
        #expect(same, "whole-pixel translations shift the pixels exactly")
        let raw = TestFonts.dejaVu.metrics(pixelSize: 17).ascent
        let plain = try engine.layout(text, size: bounds.size, scale: 1, origin: (0, 0), fonts: SceneFonts.table)
        let placed = try engine.layout(text, size: bounds.size, scale: 1, origin: (0.3, 0.6), fonts: SceneFonts.table)
        #expect(placed.lines[0].baseline == (0.6 + raw + 0.5).rounded(.down))
        for (a, b) in zip(plain.lines[0].glyphs, placed.lines[0].glyphs) {
            #expect(b.x * 4 == (b.x * 4).rounded(), "x on quarter pixels of the raster")
            #expect(abs(b.x - (a.x + 0.3)) <= 0.25)
        }
        let rowBytes = region.width * 4
        let base = try #require(try SceneFonts.draw(engine, text, bounds: bounds, region: region))
        for ty in [0.2, 0.45, 0.7, 0.95] {
            let p = try #require(try SceneFonts.draw(engine, text, bounds: bounds, ty: ty, region: region))
            let k = Int((ty + raw + 0.5).rounded(.down) - (raw + 0.5).rounded(.down))
            let expected = [UInt8](repeating: 0, count: k * rowBytes) + base.bytes.dropLast(k * rowBytes)
            let shifted = p.bytes == expected
            #expect(shifted, "ty \(ty): the ink moves by \(k) whole rows")
        }
    }

    @Test func nothingToDrawIsNil() throws {
        let region = PixelRect(x: 0, y: 0, width: 50, height: 50)
        #expect(try SceneFonts.draw(engine, TextContent(string: "   ", font: "Sans"), bounds: Rect(0, 0, 50, 50), region: region) == nil)
        #expect(try SceneFonts.draw(engine, TextContent(string: "", font: "Sans"), bounds: Rect(0, 0, 50, 50), region: region) == nil)
        #expect(try SceneFonts.draw(engine, TextContent(string: "Far", font: "Sans", fontSize: 20), bounds: Rect(0, 0, 50, 50), tx: 100,
                                    region: region) == nil)
        #expect(try engine.inkBounds(TextContent(string: " ", font: "Sans"), bounds: Rect(0, 0, 50, 50), fonts: SceneFonts.table, scale: 1) == nil)
    }
}
