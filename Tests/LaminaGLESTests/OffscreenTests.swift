import Lamina
import Testing
@testable import LaminaGLES

@Suite("Offscreens, raster cache and resources on the GPU", .serialized)
struct OffscreenTests {
    static func composite(_ id: OffscreenID, at rect: Rect, opacity: Double = 1, mask: OffscreenID? = nil,
                          sampling: Sampling = .nearest) -> DrawCommand {
        .image(ImageDraw(source: .offscreen(id), destination: rect, sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                         sampling: sampling, opacity: opacity, mask: mask, clip: .none))
    }

    @Test("group opacity: overlapping parts flattened offscreen, composited once")
    func offscreenComposite() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 40, height: 20, clearColor: TestSupport.white,
                              offscreens: [Offscreen(width: 30, height: 10, reason: .groupOpacity(layer: "g"))], commands: [
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 20, 10), color: TestSupport.red),
            TestSupport.fill(Rect(10, 0, 20, 10), color: TestSupport.red),
            .endOffscreen,
            Self.composite(0, at: Rect(5, 5, 30, 10), opacity: 0.5),
        ])
        let out = try backend.render(plan)
        #expect(out[10, 8] == out[20, 8], "overlap looks like a single layer")
        #expect(abs(Int(out[20, 8][1]) - 128) <= 1 && out[20, 8][0] == 255 && out[20, 8][3] == 255)
        #expect(out[2, 2] == SIMD4(255, 255, 255, 255))
        #expect(out[35, 8] == SIMD4(255, 255, 255, 255))
    }

    @Test("nested offscreens return to the right target")
    func nestedOffscreens() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 20, height: 20, clearColor: .transparent, offscreens: [
            Offscreen(width: 10, height: 10, reason: .groupOpacity(layer: "outer")),
            Offscreen(width: 4, height: 4, reason: .groupOpacity(layer: "inner")),
        ], commands: [
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.blue),
            .beginOffscreen(1),
            TestSupport.fill(Rect(0, 0, 4, 4), color: TestSupport.green),
            .endOffscreen,
            Self.composite(1, at: Rect(3, 3, 4, 4)),
            .endOffscreen,
            Self.composite(0, at: Rect(10, 10, 10, 10)),
        ])
        let out = try backend.render(plan)
        #expect(out[0, 0] == SIMD4(0, 0, 0, 0))
        #expect(out[10, 10] == SIMD4(0, 0, 255, 255))
        #expect(out[14, 14] == SIMD4(0, 255, 0, 255))
        #expect(out[19, 19] == SIMD4(0, 0, 255, 255))
    }

    @Test("a mask offscreen's alpha multiplies the composite")
    func maskComposite() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 20, height: 10, clearColor: .transparent, offscreens: [
            Offscreen(width: 20, height: 10, reason: .maskedContent(layer: "m")),
            Offscreen(width: 20, height: 10, reason: .mask(layer: "m")),
        ], commands: [
            .beginOffscreen(0), TestSupport.fill(Rect(0, 0, 20, 10), color: TestSupport.red), .endOffscreen,
            .beginOffscreen(1),
            TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.blue),
            TestSupport.fill(Rect(10, 0, 5, 10), color: TestSupport.blue.scaled(by: 0.5)),
            .endOffscreen,
            Self.composite(0, at: Rect(0, 0, 20, 10), mask: 1),
        ])
        let out = try backend.render(plan)
        #expect(out[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(abs(Int(out[12, 5][0]) - 128) <= 1 && abs(Int(out[12, 5][3]) - 128) <= 1)
        #expect(out[17, 5] == SIMD4(0, 0, 0, 0))
    }

    static func rasterPlan(color: PremultipliedColor) -> RenderPlan {
        RenderPlan(width: 20, height: 20, clearColor: .transparent, offscreens: [
            Offscreen(width: 10, height: 10, reason: .rasterize(layer: "r", scale: 1), cacheKey: 42),
            Offscreen(width: 4, height: 4, reason: .groupOpacity(layer: "inside")),
        ], commands: [
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 10, 10), color: color),
            .beginOffscreen(1), TestSupport.fill(Rect(0, 0, 4, 4), color: TestSupport.green), .endOffscreen,
            Self.composite(1, at: Rect(0, 0, 4, 4)),
            .endOffscreen,
            Self.composite(0, at: Rect(5, 5, 10, 10)),
        ])
    }

    @Test("the raster cache reuses a keyed offscreen and skips its commands")
    func rasterCacheHits() throws {
        let backend = try TestSupport.backend()
        let first = try backend.render(Self.rasterPlan(color: TestSupport.red))
        #expect(backend.rasterCacheStatistics.misses == 1 && backend.rasterCacheStatistics.hits == 0)
        // Same key, different commands: a hit shows the cached (red) pixels.
        let second = try backend.render(Self.rasterPlan(color: TestSupport.blue))
        #expect(backend.rasterCacheStatistics.hits == 1)
        #expect(second.pixels == first.pixels)
        #expect(second[12, 12] == SIMD4(255, 0, 0, 255) && second[6, 6] == SIMD4(0, 255, 0, 255))
        _ = try backend.render(Self.rasterPlan(color: TestSupport.red))
        #expect(backend.rasterCacheStatistics.hits == 2 && backend.rasterCacheStatistics.entries == 1)
    }

    @Test("an offscreen composited with trilinear sampling uses its MipChain")
    func offscreenTrilinear() throws {
        let backend = try TestSupport.backend()
        let plan = RenderPlan(width: 4, height: 4, clearColor: .transparent,
                              offscreens: [Offscreen(width: 16, height: 16, reason: .rasterize(layer: "r", scale: 1))], commands: [
            .beginOffscreen(0),
            TestSupport.fill(Rect(0, 0, 8, 16), color: TestSupport.white),
            .endOffscreen,
            Self.composite(0, at: Rect(0, 0, 4, 4), sampling: .trilinear(lod: 4)),
        ])
        let out = try backend.render(plan)
        #expect(abs(Int(out[1, 1][3]) - 128) <= 1, "level 4 (1×1) is the mean: \(out[1, 1])")
    }

    @Test("live texture and framebuffer counts stay flat across 100 renders")
    func noLeaks() throws {
        let backend = try TestSupport.backend()
        let image = Image(bitmap: TestSupport.bitmap(width: 8, height: 8) { x, y in TestSupport.gray(UInt8((x * 31 + y * 17) % 256)) })
        let mask = AlphaMask(width: 30, height: 30, alpha: (0..<900).map { UInt8($0 % 256) })
        var plan = Self.rasterPlan(color: TestSupport.red)
        plan.images = [image]
        plan.offscreens.append(Offscreen(width: 12, height: 12, reason: .shadowSilhouette(layer: "s")))
        plan.commands += [
            .beginOffscreen(2), TestSupport.fill(Rect(2, 2, 8, 8), color: TestSupport.black), .endOffscreen,
            .blurredShadow(BlurredShadow(source: .offscreen(2), origin: PixelPoint(x: 0, y: 0), offset: Point(1, 1), sigma: 3,
                                         color: TestSupport.black, clip: .none)),
            .blurredShadow(BlurredShadow(source: .mask(mask), origin: PixelPoint(x: 0, y: 0), offset: Point(0, 0), sigma: 12,
                                         color: TestSupport.black, clip: .none)),
            .maskFill(MaskFill(mask: mask, origin: PixelPoint(x: 1, y: 1), color: TestSupport.green, clip: .none)),
            .image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 8, height: 8)), destination: Rect(0, 0, 5, 5),
                             sourceRect: Rect(0, 0, 1, 1), transform: .identity, sampling: .trilinear(lod: 0.7), opacity: 1, clip: .none)),
            Self.composite(2, at: Rect(0, 0, 6, 6), sampling: .trilinear(lod: 1)),
        ]
        let reference = try backend.render(plan)
        for _ in 0..<4 { try backend.execute(plan) }
        let counts = backend.liveObjectCounts
        for _ in 0..<100 { try backend.execute(plan) }
        #expect(backend.liveObjectCounts == counts, "after 5 renders: \(counts); after 105: \(backend.liveObjectCounts)")
        #expect(try backend.readBack().pixels == reference.pixels)
        print("live GL objects after 105 renders: \(backend.liveObjectCounts)")
    }

    @Test("canvas size changes reallocate the canvas without leaking")
    func canvasResize() throws {
        let backend = try TestSupport.backend()
        _ = try backend.render(RenderPlan(width: 10, height: 10, clearColor: TestSupport.red))
        let counts = backend.liveObjectCounts
        let out = try backend.render(RenderPlan(width: 7, height: 3, clearColor: TestSupport.green))
        #expect(out.width == 7 && out.height == 3 && out[6, 2] == SIMD4(0, 255, 0, 255))
        #expect(backend.liveObjectCounts == counts)
    }
}
