import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// The GPU's text run cache: runs drawn again on a later frame are composited from the cache with exactly the
/// bytes the CPU draws (`GlyphRun`'s contract: glyphs blended into the run's image, then composited); a run
/// whose string changes every frame is drawn again, one that fades keeps its drawing; a cache too small for a
/// page empties at most one layer a frame, and what it cannot hold is drawn glyph by glyph within 1/255.
@Suite(.serialized) struct TextRunCacheTests {
    /// Labels at quarter-pixel offsets, cut at fractional bounds, in an emoji, in right-to-left text, under
    /// group opacity and in a rasterized layer.
    static func page(labels: Int = 24, columns: Int = 4) throws -> Scene {
        var layers: [Layer] = (0..<labels).map { i in
            let x = 6 + Double(i % columns) * 150 + Double(i % 4) * 0.25
            let y = 6 + Double(i / columns) * 34
            return TextRenderingTests.text(Rect(x, y, 144, i % 5 == 0 ? 17.5 : 30), "Label \(i) — ﬁne AV kerning",
                                           size: 12 + Double(i % 3) * 2) {
                if i % 7 == 3 { $0.text?.string = "שלום עולם 123 and Latin" }
                if i % 6 == 1 { $0.text?.foregroundColor = Color(red: 0.8, green: 0.1, blue: 0.3) }
            }
        }
        let bottom = 12 + Double((labels + columns - 1) / columns) * 34
        layers.append(TextRenderingTests.text(Rect(10, bottom, 200, 30), "Emoji 🍕🎉 in a run", size: 18))
        layers.append(Harness.layer(Rect(220, bottom, 200, 40)) {
            $0.opacity = 0.7
            $0.sublayers = [TextRenderingTests.text(Rect(0, 0, 200, 20), "Group opacity text", size: 14),
                            TextRenderingTests.text(Rect(0, 18, 200, 20), "and its second line", size: 14)]
        })
        layers.append(TextRenderingTests.text(Rect(430, bottom, 180, 30), "Rasterized label", size: 16) { $0.shouldRasterize = true })
        return try TextRenderingTests.scene(620, bottom + 50, scale: 2, layers)
    }

    static func renders(_ plan: RenderPlan, frames: Int, on gpu: GLESBackend) throws -> [Bitmap] {
        try (0..<frames).map { _ in try gpu.render(plan) }
    }

    @Test func repeatedRunsAreCompositedFromTheCacheWithTheCPUsPixels() throws {
        let gpu = try GLESBackend()
        let plan = try RenderPlanner.plan(try Self.page())
        let runs = GlyphRunTests.glyphRuns(plan).count
        let cpu = try CPUBackend().render(plan)
        let frames = try Self.renders(plan, frames: 3, on: gpu)
        for (i, frame) in frames.enumerated() {
            #expect(IncrementalPropertyTests.maxDifference(frame, cpu) == 0, "frame \(i + 1)")
        }
        let kept = gpu.textRunCacheStatistics
        #expect(kept.runs == runs, "\(kept.runs) of \(runs) runs kept")
        #expect(kept.renders == kept.runs, "each kept run was drawn into the cache once")
        _ = try gpu.render(plan)
        #expect(gpu.textRunCacheStatistics.renders == kept.renders, "a fourth frame draws nothing into the cache")
    }

    @Test func theCacheDrawsWhatGlyphByGlyphDraws() throws {
        let plan = try RenderPlanner.plan(try Self.page())
        var off = GLESOptions()
        off.textRunCache = false
        let direct = try Self.renders(plan, frames: 2, on: try GLESBackend(options: off)).last!
        let cached = try Self.renders(plan, frames: 2, on: try GLESBackend()).last!
        #expect(IncrementalPropertyTests.maxDifference(direct, cached) <= 1, "glyph by glyph differs only where glyphs share a pixel")
    }

    @Test func aCountingRunIsDrawnAgainAndAFadingOneKeepsItsDrawing() throws {
        let gpu = try GLESBackend()
        var scene = try TextRenderingTests.scene(240, 100, [
            TextRenderingTests.text(Rect(10, 10, 200, 30), "Fading label", size: 18),
            TextRenderingTests.text(Rect(10, 50, 200, 30), "Frame 0", size: 18),
        ])
        for frame in 0..<5 {
            scene.root.sublayers[0].opacity = 0.9 - Double(frame) * 0.1
            scene.root.sublayers[1].text?.string = "Frame \(frame)"
            let plan = try RenderPlanner.plan(scene)
            let image = try gpu.render(plan)
            #expect(IncrementalPropertyTests.maxDifference(image, try CPUBackend().render(plan)) == 0, "frame \(frame)")
        }
        #expect(gpu.textRunCacheStatistics.renders == 1 + 5, "the fading label is drawn into the cache once, the counting one every frame")
    }

    @Test func overlappingGlyphsAreBlendedIntoTheRunFirstOnBothBackends() throws {
        let tight = TextRenderingTests.text(Rect(10, 10, 300, 60), "AVAWAVATAV ffi", size: 48) {
            $0.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5)
        }
        let plan = try RenderPlanner.plan(try TextRenderingTests.scene(320, 80, [tight]))
        let gpu = try GLESBackend()
        let cpu = try CPUBackend().render(plan)
        for _ in 0..<3 { #expect(IncrementalPropertyTests.maxDifference(try gpu.render(plan), cpu) == 0) }
        #expect(gpu.textRunCacheStatistics.renders == 1)
    }

    @Test func aCacheTooSmallForThePageEmptiesOneLayerAFrameAndDrawsWhatTheCPUDraws() throws {
        var options = GLESOptions()
        options.textRunCacheSide = 512
        options.textRunCacheLayers = 2
        let gpu = try GLESBackend(options: options)
        let plan = try RenderPlanner.plan(try Self.page(labels: 60, columns: 4))
        let cpu = try CPUBackend().render(plan)
        var evictions = 0
        for frame in 1...5 {
            let image = try gpu.render(plan)
            #expect(IncrementalPropertyTests.maxDifference(image, cpu) <= 1, "frame \(frame)")
            let now = gpu.textRunCacheStatistics.evictions
            #expect(now - evictions <= 1, "frame \(frame) emptied \(now - evictions) layers")
            evictions = now
        }
        #expect(evictions > 0, "60 labels at scale 2 need more than two 512² layers")
    }
}
