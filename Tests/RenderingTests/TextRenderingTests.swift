import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaText
import Testing

/// CATextLayer content on both backends with font files named by path (never whichever fonts a machine
/// has): the same pixels on both, text cut at the bounds, the glyphs' shadow, text as a mask, a changed
/// string redrawn incrementally inside its layer only, a bad font file named with its layer.
@Suite struct TextRenderingTests {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    static func font(_ path: String) throws -> FontData {
        FontData(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), source: path)
    }

    static func scene(_ w: Double, _ h: Double, scale: Double = 1, _ layers: [Layer]) throws -> Scene {
        TextStack.install()
        var s = Harness.scene(w, h, scale: scale, layers)
        s.fonts = ["Sans": try font(sans), "Bold": try font(bold), "Emoji": try font(emoji)]
        return s
    }

    static func text(_ frame: Rect, _ string: String, size: Double = 20, font: String = "Sans",
                     _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        Harness.layer(frame) {
            $0.text = TextContent(string: string, font: font, fontSize: size, foregroundColor: .black)
            configure(&$0)
        }
    }

    @Test func bothBackendsDrawTheSameTextUnderEveryEffect() throws {
        let layers = [
            Self.text(Rect(4, 4, 200, 30), "Hello, Lamina — ﬁne kerning AV"),
            Self.text(Rect(4, 40, 120, 80), "Wrapped text in a narrow box that truncates at its end", size: 14) {
                $0.text?.isWrapped = true; $0.text?.truncationMode = .end; $0.text?.alignmentMode = .justified
            },
            Self.text(Rect(130, 40, 90, 40), "Bold", size: 28, font: "Bold") {
                $0.shadowOpacity = 0.6; $0.shadowRadius = 2; $0.shadowOffset = Size(0, 2)
            },
            Self.text(Rect(10, 130, 150, 40), "Rotated 🍕", size: 20) { $0.affineTransform = .rotation(0.3) },
            Self.text(Rect(170, 130, 100, 30), "soft", size: 18) { $0.text?.contentsScale = 1; $0.opacity = 0.6 },
            Harness.layer(Rect(230, 4, 80, 60)) {
                $0.backgroundColor = Color(red: 0.1, green: 0.5, blue: 0.9)
                $0.mask = Self.text(Rect(0, 0, 80, 60), "MASK", size: 26, font: "Bold")
            },
        ]
        let scene = try Self.scene(320, 180, scale: 2, layers)
        let gpu = try Harness.render(scene, on: "gpu"), cpu = try Harness.render(scene, on: "cpu")
        #expect(IncrementalPropertyTests.maxDifference(gpu, cpu) <= 1)
        var ink = 0
        for y in 0..<cpu.height { for x in 0..<cpu.width where cpu.rgba(x, y)[0] < 128 { ink += 1 } }
        #expect(ink > 2000, "the text drew \(ink) dark pixels")
    }

    @Test(arguments: Harness.backends) func textIsCutAtItsBounds(_ backend: String) throws {
        let wide = Self.text(Rect(10, 10, 60, 12), "A line far wider and taller than its bounds", size: 30)
        let bitmap = try Harness.render(try Self.scene(120, 60, [wide]), on: backend)
        var inside = 0
        for y in 0..<60 {
            for x in 0..<120 {
                let p = bitmap.rgba(x, y)
                if (10..<70).contains(x) && (10..<22).contains(y) { if p[0] < 200 { inside += 1 } } else {
                    #expect(p == [255, 255, 255, 255], "ink outside the bounds at (\(x), \(y)): \(p)")
                }
            }
        }
        #expect(inside > 50)
    }

    @Test(arguments: Harness.backends) func anEmojiKeepsItsOwnColors(_ backend: String) throws {
        let pizza = Self.text(Rect(0, 0, 40, 40), "🍕", size: 30, font: "Emoji")
        let bitmap = try Harness.render(try Self.scene(40, 40, [pizza]), on: backend)
        var colored = 0
        for y in 0..<40 { for x in 0..<40 { let p = bitmap.rgba(x, y); if abs(p[0] - p[2]) > 60 { colored += 1 } } }
        #expect(colored > 100, "pixels far from gray: \(colored)")
    }

    @Test(arguments: Harness.backends) func aChangedStringRedrawsOnlyItsLayer(_ backend: String) throws {
        let strings = ["12:00", "12:01", "12:10", "9:59", "10:00"]
        let damages = try Harness.expectIncrementalEqualsFull(on: backend, frames: strings.count - 1) { n in
            try! Self.scene(200, 100, [Self.text(Rect(10, 10, 80, 30), strings[n]), Self.text(Rect(100, 50, 90, 30), "still")])
        }
        for damage in damages.dropFirst() {
            for r in damage.rects { #expect(r.x >= 8 && r.x + r.width <= 92 && r.y >= 8 && r.y + r.height <= 42, "\(r)") }
        }
    }

    @Test func aFileThatIsNoFontIsBadInputNamingFontAndLayer() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "lamina-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0, 1, 0, 0] + [UInt8](repeating: 7, count: 60)).write(to: folder.appending(path: "broken.ttf"))
        TextStack.install()
        let json = #"{"width": 50, "height": 20, "fonts": {"Brand": "broken.ttf"}, "root": {"sublayers": [{"class": "CATextLayer", "font": "Brand", "string": "x"}]}}"#
        do {
            _ = try SceneDecoder().decode(json, fileName: "card.json", baseDirectory: folder.path)
            Issue.record("a broken font decoded")
        } catch {
            #expect(error.kind == .badInput)
            #expect(error.description.hasPrefix(#"card.json: root.sublayers[0].font: font "Brand" (broken.ttf):"#), "\(error)")
        }
    }
}

/// Text drawn as glyph runs: which layers become runs, and a glyph atlas too small for a page of text.
@Suite(.serialized) struct GlyphRunTests {
    static func glyphRuns(_ plan: RenderPlan) -> [GlyphRun] {
        plan.commands.compactMap { if case .glyphs(let g) = $0 { return g } else { return nil } }
    }

    @Test func pixelAlignedTextIsAGlyphRunAndTurnedTextARaster() throws {
        let straight = TextRenderingTests.text(Rect(10, 10, 200, 30), "Straight text")
        let turned = TextRenderingTests.text(Rect(10, 60, 200, 30), "Turned text") { $0.affineTransform = .rotation(0.2) }
        let plan = try RenderPlanner.plan(try TextRenderingTests.scene(240, 120, scale: 2, [straight, turned]))
        let runs = Self.glyphRuns(plan)
        #expect(runs.count == 1)
        #expect(runs.first?.glyphs.count == "Straighttext".count, "one glyph per visible character, spaces left out")
        #expect(runs.first?.label.contains("Straight text") == true)
        #expect(plan.images.count == 1, "the turned layer is one raster drawn with its transform")
    }

    @Test func aRunIsCutByAClipShapeOnlyWhereGlyphsCrossFractionalBounds() throws {
        let inside = TextRenderingTests.text(Rect(10.5, 10, 200, 30), "inside", size: 14)
        let crossing = TextRenderingTests.text(Rect(10.5, 50, 30, 12.25), "crossing the bounds", size: 20)
        let whole = TextRenderingTests.text(Rect(10, 80, 30, 12), "crossing the bounds", size: 20)
        let runs = Self.glyphRuns(try RenderPlanner.plan(try TextRenderingTests.scene(240, 120, [inside, crossing, whole])))
        #expect(runs.count == 3)
        #expect(runs[0].clip.isNone)
        #expect(runs[1].clip.shapes.count == 1)
        #expect(runs[2].clip.shapes.isEmpty && runs[2].clip.scissor == PixelRect(x: 10, y: 80, width: 30, height: 12))
    }

    @Test func aGlyphAtlasTooSmallForThePageEvictsAndDrawsWhatTheCPUDraws() throws {
        var options = GLESOptions()
        options.glyphAtlasSide = 256
        options.glyphAtlasLayers = 2
        let small = try GLESBackend(options: options)
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        let layers = (0..<6).map { i in
            TextRenderingTests.text(Rect(4 + Double(i) * 0.25, 4 + Double(i) * 70, 1900, 70), letters, size: 48 + Double(i) * 3)
        }
        let scene = try TextRenderingTests.scene(1920, 430, layers)
        let plan = try RenderPlanner.plan(scene)
        let gpu = try small.render(plan), cpu = try CPUBackend().render(plan)
        #expect(small.glyphAtlasStatistics.evictions > 0, "the page needs more than two 256² layers of glyphs")
        #expect(IncrementalPropertyTests.maxDifference(gpu, cpu) <= 1)
        let again = try small.render(plan)
        #expect(IncrementalPropertyTests.maxDifference(again, cpu) <= 1)
    }
}
