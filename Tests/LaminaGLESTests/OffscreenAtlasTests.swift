import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("Simple offscreens share atlas pages, drawn a batch at a time", .serialized)
struct OffscreenAtlasTests {
    static func group(_ id: OffscreenID, size: Rect, color: PremultipliedColor, at transform: Lamina.AffineTransform,
                      sampling: Sampling = .linear) -> [DrawCommand] {
        [.beginOffscreen(id), TestSupport.fill(size, color: color), .endOffscreen,
         .image(ImageDraw(source: .offscreen(id), destination: size, sourceRect: Rect(0, 0, 1, 1),
                          transform: transform, sampling: sampling, opacity: 0.5, clip: .none))]
    }

    static func offscreen(_ w: Int, _ h: Int, cacheKey: Int? = nil) -> Offscreen {
        Offscreen(width: w, height: h, reason: .groupOpacity(layer: "g"), cacheKey: cacheKey)
    }

    @Test("regions are packed on shelves in plan order, corners on the 16-pixel grid")
    func packing() throws {
        let plan = OffscreenLifetimeTests.plan(count: 3)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: 1024, pageHeightLimit: 1024)
        #expect(atlas.placements == [0: .init(batch: 0, x: 0, y: 0), 1: .init(batch: 0, x: 16, y: 0),
                                     2: .init(batch: 0, x: 32, y: 0)])
        #expect(atlas.batches.map { $0.map(\.id) } == [[0, 1, 2]])
        #expect(atlas.batches[0][1] == .init(id: 1, begin: 4, end: 6))
        #expect(atlas.pageHeights == [16])
    }

    @Test("a full page starts the next batch; batches take turns on two pages")
    func batches() throws {
        let plan = OffscreenLifetimeTests.plan(count: 10)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [3], pageWidth: 32, pageHeightLimit: 32)
        #expect(atlas.batches.map { $0.map(\.id) } == [[0, 1, 2, 4], [5, 6, 7, 8], [9]])
        #expect(atlas.placements[4] == .init(batch: 0, x: 16, y: 16))
        #expect(atlas.placements[3] == nil)
        #expect((0..<3).map { OffscreenAtlas.page(ofBatch: $0) } == [0, 1, 0])
        #expect(atlas.pageHeights == [32, 32])
    }

    @Test("masks of another size, blur sources, cached, read outside their parent, too deep, trilinear-read, reading and oversized offscreens stay out")
    func eligibility() throws {
        let mask = ImageDraw(source: .offscreen(1), destination: Rect(0, 0, 8, 8), sourceRect: Rect(0, 0, 1, 1),
                             transform: .identity, sampling: .linear, opacity: 1, mask: 2, clip: .none)
        let blur = BlurredShadow(source: .offscreen(3), origin: PixelPoint(x: 0, y: 0), offset: Point(0, 0),
                                 sigma: 2, color: TestSupport.black, clip: .none)
        var commands: [DrawCommand] = []
        commands += OffscreenAtlasTests.group(0, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity)
        commands += [.beginOffscreen(1), .endOffscreen, .beginOffscreen(2), .endOffscreen, .image(mask)]
        commands += [.beginOffscreen(3), .endOffscreen, .blurredShadow(blur)]
        commands += OffscreenAtlasTests.group(4, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity)
        commands += [.beginOffscreen(5)] + OffscreenAtlasTests.group(6, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity)
        commands += [.endOffscreen, .image(OffscreenAtlasTests.composite(5)), .image(OffscreenAtlasTests.composite(6))]
        commands += OffscreenAtlasTests.group(7, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity, sampling: .trilinear(lod: 1))
        commands += [.beginOffscreen(8), .image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 8, 8),
                                                          sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                                                          sampling: .linear, opacity: 1, clip: .none)), .endOffscreen]
        commands += OffscreenAtlasTests.group(9, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity)
        commands += OffscreenAtlasTests.nested(first: 10, levels: OffscreenAtlas.maximumLevels + 1)
        var offscreens = (0..<(10 + OffscreenAtlas.maximumLevels + 1)).map { _ in OffscreenAtlasTests.offscreen(8, 8) }
        offscreens[4] = OffscreenAtlasTests.offscreen(8, 8, cacheKey: 42)
        offscreens[9] = OffscreenAtlasTests.offscreen(2000, 8)
        offscreens[2] = OffscreenAtlasTests.offscreen(8, 4)
        let plan = RenderPlan(width: 64, height: 64, clearColor: TestSupport.white, offscreens: offscreens, commands: commands)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: 1024, pageHeightLimit: 1024)
        #expect(Set(atlas.placements.keys) == [0])
    }

    /// An unmasked, linear composite of offscreen `id` (8 × 8) at the origin.
    static func composite(_ id: OffscreenID, at transform: Lamina.AffineTransform = .identity, opacity: Double = 0.5) -> ImageDraw {
        ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 8, 8), sourceRect: Rect(0, 0, 1, 1),
                  transform: transform, sampling: .linear, opacity: opacity, clip: .none)
    }

    /// Offscreens `first`, `first + 1`, … nested `levels` deep, each an 8 × 8 fill with the next one
    /// composited over it, the outermost composited on the canvas.
    static func nested(first: OffscreenID, levels: Int) -> [DrawCommand] {
        let id = first + levels - 1
        var commands = OffscreenAtlasTests.group(id, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .translation(1, 1))
        for id in (first..<(first + levels - 1)).reversed() {
            commands = [.beginOffscreen(id), TestSupport.fill(Rect(0, 0, 8, 8), color: TestSupport.black)] + commands
                + [.endOffscreen, .image(OffscreenAtlasTests.composite(id, at: .translation(0.5, 0.25)))]
        }
        return commands
    }

    /// `count` groups of `size`, each an opaque fill to its edges composited at half opacity with a
    /// fractional offset and a scale, so that linear filtering reads the edge texels.
    static func manyGroups(count: Int, size: Rect) -> RenderPlan {
        var commands: [DrawCommand] = []
        for i in 0..<count {
            let color = PremultipliedColor(red: Double(i % 7) / 6, green: Double(i % 5) / 4, blue: 0.3, alpha: 1)
            let x = Double((i * 37) % 500) + 0.37, y = Double((i * 53) % 300) + 0.61
            commands += OffscreenAtlasTests.group(i, size: size, color: color, at: AffineTransform(a: 1.3, b: 0, c: 0, d: 0.9, tx: x, ty: y))
        }
        return RenderPlan(width: 640, height: 400, clearColor: TestSupport.white,
                          offscreens: (0..<count).map { _ in offscreen(Int(size.width), Int(size.height)) }, commands: commands)
    }

    /// Renders `plan` with the atlas on and off, expecting the same pixels (and the same again on a second
    /// frame with it on); returns the backend with the atlas and its page batches' counts of the first frame.
    static func renderWithAndWithoutAtlas(_ plan: RenderPlan) throws -> (backend: GLESBackend, queued: Int, issued: Int) {
        var environment = ProcessInfo.processInfo.environment
        let withAtlas = try GLESBackend(options: GLESOptions(environment: environment))
        environment["LAMINA_GPU_ATLAS"] = "0"
        let without = try GLESBackend(options: GLESOptions(environment: environment))
        #expect(withAtlas.options.offscreenAtlas && !without.options.offscreenAtlas)
        let a = try withAtlas.render(plan), b = try without.render(plan)
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) channel values differ")
        let first = (withAtlas, withAtlas.builder.pageBatches.queuedDraws, withAtlas.builder.pageBatches.issuedBatches)
        #expect(try withAtlas.render(plan).pixels == a.pixels, "the second frame differs")
        return first
    }

    @Test("pixels are the same with and without the atlas, over several batches on both pages")
    func samePixels() throws {
        let plan = OffscreenAtlasTests.manyGroups(count: 200, size: Rect(0, 0, 100, 90))
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: FrameBuilder.atlasPageWidth,
                                   pageHeightLimit: FrameBuilder.atlasPageHeight)
        #expect(atlas.batches.count >= 3)
        let drawn = try OffscreenAtlasTests.renderWithAndWithoutAtlas(plan)
        #expect(drawn.backend.liveObjectCounts.framebuffers <= 3, "\(drawn.backend.liveObjectCounts)")
        #expect(drawn.queued == 200, "the offscreens' fills are queued for their pages")
        #expect(drawn.issued == atlas.batches.count, "one instanced draw per page batch")
    }

    @Test("nested offscreens go to one page per level, drawn deepest first, with the pixels of their own targets")
    func nestedLevels() throws {
        var commands: [DrawCommand] = []
        var offscreens: [Offscreen] = []
        for unit in 0..<90 {
            let base = offscreens.count
            let x = Double((unit * 37) % 400) + 0.37, y = Double((unit * 53) % 300) + 0.61
            let panel = base, card = base + 1, tile = base + 2, other = base + 3
            offscreens += [(90, 70), (50, 40), (20, 16), (30, 20)].map { OffscreenAtlasTests.offscreen($0.0, $0.1) }
            let tileDraws: [DrawCommand] = [.beginOffscreen(tile), TestSupport.fill(Rect(0, 0, 20, 16), radius: 4, color: TestSupport.red),
                                            .endOffscreen,
                                            .image(ImageDraw(source: .offscreen(tile), destination: Rect(0, 0, 20, 16), sourceRect: Rect(0, 0, 1, 1),
                                                             transform: .translation(5.5, 4.25), sampling: .linear, opacity: 0.85, clip: .none))]
            let cardDraws: [DrawCommand] = [.beginOffscreen(card), TestSupport.fill(Rect(0, 0, 50, 40), radius: 8, color: TestSupport.white)]
                + tileDraws + [.endOffscreen,
                               .image(ImageDraw(source: .offscreen(card), destination: Rect(0, 0, 50, 40), sourceRect: Rect(0, 0, 1, 1),
                                                transform: .translation(10, 12), sampling: .nearest, opacity: 0.8, clip: .none))]
            let otherDraws: [DrawCommand] = [.beginOffscreen(other), TestSupport.fill(Rect(0, 0, 30, 20), color: TestSupport.black), .endOffscreen,
                                             .image(ImageDraw(source: .offscreen(other), destination: Rect(0, 0, 30, 20), sourceRect: Rect(0, 0, 1, 1),
                                                              transform: .translation(55, 40), sampling: .linear, opacity: 0.5, clip: .none))]
            commands += [.beginOffscreen(panel), TestSupport.fill(Rect(0, 0, 90, 70), radius: 10, color: TestSupport.black)]
                + cardDraws + otherDraws + [.endOffscreen,
                                            .image(ImageDraw(source: .offscreen(panel), destination: Rect(0, 0, 90, 70), sourceRect: Rect(0, 0, 1, 1),
                                                             transform: AffineTransform(a: 1.1, b: 0, c: 0, d: 0.95, tx: x, ty: y),
                                                             sampling: .linear, opacity: 0.9, clip: .none))]
        }
        let plan = RenderPlan(width: 520, height: 400, clearColor: TestSupport.white, offscreens: offscreens, commands: commands)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: FrameBuilder.atlasPageWidth,
                                   pageHeightLimit: FrameBuilder.atlasPageHeight)
        #expect(atlas.placements.count == offscreens.count, "every offscreen of every unit is placed")
        #expect(atlas.placements[0]?.level == 0 && atlas.placements[1]?.level == 1 && atlas.placements[2]?.level == 2
                && atlas.placements[3]?.level == 1)
        #expect(atlas.batches.count >= 2, "\(atlas.batches.count) batches")
        #expect(atlas.pageHeights.indices.contains(OffscreenAtlas.page(ofBatch: 1, level: 2)))
        for (batch, members) in atlas.batches.enumerated() {
            #expect(Set(members.map(\.id)).count == members.count && members.count % 4 == 0, "batch \(batch) holds whole units")
        }
        let drawn = try OffscreenAtlasTests.renderWithAndWithoutAtlas(plan)
        #expect(drawn.queued >= 90 * 6, "the offscreens' fills and composites are queued for their pages")
        #expect(drawn.issued <= 12 * atlas.batches.count, "a few instanced draws per page of a batch, not one per draw")
    }

    @Test("a masked composite's content and mask share a corner, the mask in a page of the same size; other sizes stay out")
    func maskedUnits() throws {
        var commands: [DrawCommand] = []
        var offscreens: [Offscreen] = []
        for unit in 0..<70 {
            let content = offscreens.count, mask = content + 1
            let maskSize = unit == 3 ? 80.0 : 100.0
            offscreens += [OffscreenAtlasTests.offscreen(100, 90), OffscreenAtlasTests.offscreen(Int(maskSize), 90)]
            let color = PremultipliedColor(red: Double(unit % 5) / 4, green: 0.4, blue: Double(unit % 3) / 2, alpha: 1)
            commands += [.beginOffscreen(content), TestSupport.fill(Rect(0, 0, 100, 90), color: color), .endOffscreen,
                         .beginOffscreen(mask), TestSupport.fill(Rect(0, 0, maskSize, 90), radius: 30, color: TestSupport.black), .endOffscreen,
                         .image(ImageDraw(source: .offscreen(content), destination: Rect(0, 0, 100, 90), sourceRect: Rect(0, 0, 1, 1),
                                          transform: .translation(Double((unit * 41) % 440) + 0.5, Double((unit * 29) % 330) + 0.25),
                                          sampling: .linear, opacity: 0.9, mask: mask, clip: .none))]
        }
        let plan = RenderPlan(width: 520, height: 400, clearColor: TestSupport.white, offscreens: offscreens, commands: commands)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: FrameBuilder.atlasPageWidth,
                                   pageHeightLimit: FrameBuilder.atlasPageHeight)
        #expect(atlas.placements[6] == nil && atlas.placements[7] == nil, "a mask of another size keeps its own target")
        #expect(atlas.placements.count == offscreens.count - 2)
        #expect(atlas.batches.count >= 2, "\(atlas.batches.count) batches")
        for content in stride(from: 0, to: offscreens.count, by: 2) where content != 6 {
            let c = try #require(atlas.placements[content]), m = try #require(atlas.placements[content + 1])
            #expect(!c.mask && m.mask && c.batch == m.batch && c.x == m.x && c.y == m.y, "offscreens \(content), \(content + 1)")
        }
        for batch in 0..<2 {
            #expect(atlas.pageHeights[OffscreenAtlas.page(ofBatch: batch, mask: true)] == atlas.pageHeights[OffscreenAtlas.page(ofBatch: batch)])
        }
        _ = try OffscreenAtlasTests.renderWithAndWithoutAtlas(plan)
    }
}
