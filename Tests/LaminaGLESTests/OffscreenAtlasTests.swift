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
        #expect((0..<3).map(OffscreenAtlas.page(ofBatch:)) == [0, 1, 0])
        #expect(atlas.pageHeights == [32, 32])
    }

    @Test("masks, blur sources, cached, nested, trilinear-read, reading and oversized offscreens stay out")
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
        commands += [.beginOffscreen(5), .beginOffscreen(6), .endOffscreen, .endOffscreen]
        commands += OffscreenAtlasTests.group(7, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity, sampling: .trilinear(lod: 1))
        commands += [.beginOffscreen(8), .image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 8, 8),
                                                          sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                                                          sampling: .linear, opacity: 1, clip: .none)), .endOffscreen]
        commands += OffscreenAtlasTests.group(9, size: Rect(0, 0, 8, 8), color: TestSupport.red, at: .identity)
        var offscreens = (0..<10).map { _ in OffscreenAtlasTests.offscreen(8, 8) }
        offscreens[4] = OffscreenAtlasTests.offscreen(8, 8, cacheKey: 42)
        offscreens[9] = OffscreenAtlasTests.offscreen(2000, 8)
        let plan = RenderPlan(width: 64, height: 64, clearColor: TestSupport.white, offscreens: offscreens, commands: commands)
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: 1024, pageHeightLimit: 1024)
        #expect(Set(atlas.placements.keys) == [0])
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

    @Test("pixels are the same with and without the atlas, over several batches on both pages")
    func samePixels() throws {
        let plan = OffscreenAtlasTests.manyGroups(count: 200, size: Rect(0, 0, 100, 90))
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: GLESBackend.atlasPageWidth,
                                   pageHeightLimit: GLESBackend.atlasPageHeight)
        #expect(atlas.batches.count >= 3)
        var environment = ProcessInfo.processInfo.environment
        let withAtlas = try GLESBackend(options: GLESOptions(environment: environment))
        environment["LAMINA_GPU_ATLAS"] = "0"
        let without = try GLESBackend(options: GLESOptions(environment: environment))
        #expect(withAtlas.offscreenAtlas && !without.offscreenAtlas)
        let a = try withAtlas.render(plan), b = try without.render(plan)
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) channel values differ")
        #expect(withAtlas.liveObjectCounts.framebuffers <= 3, "\(withAtlas.liveObjectCounts)")
        #expect(withAtlas.pageBatches.queuedDraws == 200, "the offscreens' fills are queued for their pages")
        #expect(withAtlas.pageBatches.issuedBatches == atlas.batches.count, "one instanced draw per page batch")
        let again = try withAtlas.render(plan)
        #expect(again.pixels == a.pixels, "the second frame differs")
    }
}
