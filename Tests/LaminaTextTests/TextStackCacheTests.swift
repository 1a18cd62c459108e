import Lamina
import Testing
@testable import LaminaText

@Suite struct TextStackCacheTests {
    let bounds = Rect(0, 0, 200, 40)
    let region = PixelRect(x: 0, y: 0, width: 200, height: 40)

    @Test func glyphsFarOutsideTheRegionAreNotRasterized() throws {
        // Glyphs of 2000 px do not fit a 1 MiB cache: each one drawn is rasterized anew.
        let engine = TextStack(cacheCapacity: 1 << 20)
        let text = TextContent(string: String(repeating: "Hag", count: 100), font: "Sans", fontSize: 2000, foregroundColor: .black)
        _ = try SceneFonts.draw(engine, text, bounds: Rect(0, 0, 64, 2400), region: PixelRect(x: 0, y: 0, width: 64, height: 64))
        #expect(engine.glyphMisses <= 10, "\(engine.glyphMisses) of 300 glyphs rasterized for a 64 px region")
    }

    @Test func aColorChangeReusesTheLayoutAndGlyphs() throws {
        let engine = TextStack()
        var text = TextContent(runs: [TextSpan("Same "), TextSpan("layout", foregroundColor: .white)], font: "Sans", fontSize: 20,
                               foregroundColor: Color(red: 0, green: 0, blue: 1))
        let blue = try #require(try SceneFonts.draw(engine, text, bounds: bounds, region: region))
        #expect(engine.layoutMisses == 1)
        let glyphs = engine.glyphMisses
        text.foregroundColor = Color(red: 1, green: 0, blue: 0)
        text.runs[1].foregroundColor = Color(red: 0, green: 1, blue: 0)
        let red = try #require(try SceneFonts.draw(engine, text, bounds: bounds, region: region))
        #expect(engine.layoutMisses == 1, "no new layout for new colors")
        #expect(engine.glyphMisses == glyphs)
        let differ = red.bytes != blue.bytes
        #expect(differ)
        #expect(red.inked.map(\.x) == blue.inked.map(\.x) && red.inked.map(\.y) == blue.inked.map(\.y))
        text.fontSize = 21
        _ = try SceneFonts.draw(engine, text, bounds: bounds, region: region)
        #expect(engine.layoutMisses == 2, "a new size is a new layout")
        _ = try SceneFonts.draw(engine, text, bounds: bounds, ty: 0.5, region: region)
        #expect(engine.layoutMisses == 3, "a new fractional translation is a new layout")
        _ = try SceneFonts.draw(engine, text, bounds: bounds, ty: 7.5, region: region)
        #expect(engine.layoutMisses == 3, "a whole-pixel move of it is not")
    }

    @Test func theByteBoundEvictsLeastRecentlyUsed() throws {
        let engine = TextStack(cacheCapacity: 48 << 10)
        for size in stride(from: 12.0, through: 40, by: 2) {
            let text = TextContent(string: "Eviction \(size) ABCDEFGHIJ", font: "DejaVu Sans", fontSize: size)
            _ = try SceneFonts.draw(engine, text, bounds: bounds, region: region)
            #expect(engine.cachedBytes <= 48 << 10)
        }
        #expect(engine.evictions > 0)
        #expect(engine.cachedBytes > 0)
        engine.cacheCapacity = 1000
        #expect(engine.cachedBytes <= 1000)
        engine.removeCachedData()
        #expect(engine.cachedBytes == 0)
    }

    @Test func aCounterCyclesThroughTheLayoutsShareNotTheWholeBudget() throws {
        let engine = TextStack(cacheCapacity: 64 << 20)
        for n in 0..<6000 {
            _ = try SceneFonts.draw(engine, TextContent(string: "Frame \(n)", font: "Sans", fontSize: 14), bounds: bounds, region: region)
        }
        #expect(engine.layoutMisses == 6000)
        #expect(engine.evictions > 0, "6000 layouts of 1 KiB and more do not fit the layouts' 4 MiB")
        #expect(engine.cachedBytes <= 5 << 20, "\(engine.cachedBytes) bytes: layouts 4 MiB at most, plus the face (DejaVu Sans, 740 KB) and 11 glyphs")
    }

    @Test func oneStackDrawsTheSameFromManyTasks() async throws {
        let engine = TextStack(cacheCapacity: 256 << 10)
        let texts = (0..<6).map { TextContent(string: "Task \($0) \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{1F355} wraps here", font: "Sans",
                                              fontSize: 14 + Double($0), isWrapped: true) }
        let bounds = Rect(0, 0, 120, 80), region = PixelRect(x: 0, y: 0, width: 240, height: 160)
        let expected = try texts.map { try SceneFonts.draw(TextStack(), $0, bounds: bounds, scale: 2, region: region)?.bytes }
        let results = try await withThrowingTaskGroup(of: (Int, [UInt8]?).self) { group in
            for i in 0..<24 {
                group.addTask { (i % 6, try SceneFonts.draw(engine, texts[i % 6], bounds: bounds, scale: 2, region: region)?.bytes) }
            }
            var all: [(Int, [UInt8]?)] = []
            for try await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 24)
        let mismatches = results.filter { $0.1 == nil || $0.1 != expected[$0.0] }.count
        #expect(mismatches == 0)
        #expect(engine.cachedBytes <= 256 << 10)
    }

    @Test func theLRUKeepsRecentEntries() {
        var cache = ByteBoundedCache<Int, String>(capacity: 30)
        cache.insert("a", cost: 10, for: 1)
        cache.insert("b", cost: 10, for: 2)
        cache.insert("c", cost: 10, for: 3)
        #expect(cache.value(for: 1) == "a")
        cache.insert("d", cost: 10, for: 4)
        #expect(cache.value(for: 2) == nil, "2 was the least recently used")
        #expect(cache.value(for: 1) == "a" && cache.value(for: 3) == "c" && cache.value(for: 4) == "d")
        cache.insert("big", cost: 31, for: 5)
        #expect(cache.value(for: 5) == nil && cache.bytes == 30 && cache.count == 3)
        cache.insert("e", cost: 25, for: 3)
        #expect(cache.bytes <= 30 && cache.value(for: 3) == "e")
    }

    @Test func validateRejectsBrokenFontFiles() throws {
        let engine = TextStack()
        try engine.validate(SceneFonts.sans)
        let good = SceneFonts.sans.bytes
        let cases: [(FontData, String)] = [
            (FontData(bytes: Array(good.prefix(4000)), source: "cut.ttf"), "font file cut.ttf: truncated"),
            (FontData(bytes: Array("not a font at all, just words".utf8), source: "words.ttf"), "font file words.ttf: not a TrueType/OpenType font"),
            (FontData(bytes: [], source: "empty.ttf"), "font file empty.ttf: not a TrueType/OpenType font (empty file)"),
            (FontData(bytes: good, faceIndex: 2, source: "one.ttf"), "font file one.ttf: face #2 requested, the file has 1 face"),
        ]
        for (font, message) in cases {
            let error = #expect(throws: TextEngineError.self) { try engine.validate(font) }
            #expect(error?.kind == .badInput)
            #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        }
        let text = TextContent(string: "x", font: "Broken", fontSize: 10)
        let broken = FontData(bytes: Array(good.prefix(100)), source: "broken.ttf")
        let error = #expect(throws: TextEngineError.self) {
            try engine.draw(text, bounds: bounds, fonts: ["Broken": broken], transform: .identity, region: region)
        }
        #expect(error?.kind == .badInput && error?.message.contains("broken.ttf") == true)
    }

    @Test func sizesBeyondTheRasterizerAreRefused() throws {
        let engine = TextStack()
        let text = TextContent(string: "Huge", font: "Sans", fontSize: 5000)
        let error = #expect(throws: TextEngineError.self) {
            try engine.draw(text, bounds: bounds, fonts: SceneFonts.table, transform: .scale(2, 2), region: region)
        }
        #expect(error?.kind == .badInput && error?.message.hasPrefix("text fontSize 5000 at scale 2 is 10000 pixels per em") == true, "\(error?.message ?? "")")
        let span = TextContent(runs: [TextSpan("ok"), TextSpan("big", fontSize: 9000)], font: "Sans", fontSize: 10)
        #expect(throws: TextEngineError.self) {
            try engine.inkBounds(span, bounds: bounds, fonts: SceneFonts.table, scale: 1)
        }
        #expect(throws: TextEngineError.self) {
            try engine.draw(TextContent(string: "x", font: "Sans"), bounds: bounds, fonts: SceneFonts.table,
                            transform: .scale(1, 2), region: region)
        }
        #expect(throws: TextEngineError.self) {
            try engine.draw(TextContent(string: "x", font: "Sans"), bounds: bounds, fonts: SceneFonts.table, transform: .identity,
                            region: PixelRect(x: 0, y: 0, width: 1 << 20, height: 1 << 20))
        }
        let limit = TextContent(string: "ok", font: "Sans", fontSize: GlyphRasterizer.maxPixelSize / 2)
        #expect(try engine.layout(limit, size: bounds.size, scale: 2, origin: (0, 0), fonts: SceneFonts.table).glyphCount == 2)
    }
}
