import Lamina
import Testing
@testable import LaminaGLES

@Suite("Image sampling on the GPU", .serialized)
struct ImageSamplingTests {
    static let checker = Image(bitmap: TestSupport.bitmap(width: 4, height: 4) { x, y in
        TestSupport.gray((x + y) % 2 == 0 ? 255 : 0)
    })

    static func draw(_ image: Int, crop: PixelRect, into rect: Rect, sourceRect: Rect = Rect(0, 0, 1, 1),
                     sampling: Sampling) -> DrawCommand {
        .image(ImageDraw(source: .image(index: image, crop: crop), destination: rect, sourceRect: sourceRect,
                         transform: .identity, sampling: sampling, opacity: 1, clip: .none))
    }

    @Test("nearest magnification keeps hard 0/255 edges; linear blends")
    func nearestVersusLinear() throws {
        let backend = try TestSupport.backend()
        let crop = PixelRect(x: 0, y: 0, width: 4, height: 4)
        func render(_ sampling: Sampling) throws -> Bitmap {
            try backend.render(RenderPlan(width: 32, height: 32, clearColor: .transparent, images: [Self.checker],
                                          commands: [Self.draw(0, crop: crop, into: Rect(0, 0, 32, 32), sampling: sampling)]))
        }
        let nearest = try render(.nearest)
        for y in 0..<32 {
            for x in 0..<32 {
                let expected: UInt8 = (x / 8 + y / 8) % 2 == 0 ? 255 : 0
                #expect(nearest[x, y] == TestSupport.gray(expected), "nearest (\(x), \(y))")
            }
        }
        let linear = try render(.linear)
        let between = TestSupport.row(linear, y: 12, channel: 0).filter { $0 > 10 && $0 < 245 }
        #expect(between.count >= 8, "linear has intermediate values at texel boundaries")
        #expect(linear[0, 0] == TestSupport.gray(255), "clamp to edge at the corner")
    }

    @Test("trilinear at 1/7 scale of 1-px stripes is uniform grey; linear aliases")
    func trilinearStripes() throws {
        let backend = try TestSupport.backend()
        let stripes = Image(bitmap: TestSupport.bitmap(width: 64, height: 64) { x, _ in TestSupport.gray(x % 2 == 0 ? 255 : 0) })
        let crop = PixelRect(x: 0, y: 0, width: 64, height: 64)
        let scale = 64.0 / 9.0
        func render(_ sampling: Sampling) throws -> [Int] {
            let out = try backend.render(RenderPlan(width: 9, height: 9, clearColor: .transparent, images: [stripes],
                                                    commands: [Self.draw(0, crop: crop, into: Rect(0, 0, 9, 9), sampling: sampling)]))
            return TestSupport.row(out, y: 4, channel: 0)
        }
        let trilinear = try render(.trilinear(lod: LaminaMath.log2(scale)))
        let linear = try render(.linear)
        #expect(trilinear.allSatisfy { abs($0 - 128) <= 2 }, "trilinear row \(trilinear)")
        #expect(linear.max()! - linear.min()! >= 100, "linear row \(linear)")
    }

    @Test("trilinear lerps between MipChain levels by the fraction of the lod")
    func trilinearLevelBlend() throws {
        let backend = try TestSupport.backend()
        // 2×2: level 0 = black and white columns, level 1 = their mean (128).
        let image = Image(bitmap: TestSupport.bitmap(width: 2, height: 2) { x, _ in TestSupport.gray(x == 0 ? 0 : 255) })
        let crop = PixelRect(x: 0, y: 0, width: 2, height: 2)
        for (lod, expected) in [(0.0, 0.0), (0.25, 32.0), (0.5, 64.0), (1.0, 128.0), (3.0, 128.0)] {
            let out = try backend.render(RenderPlan(width: 2, height: 2, clearColor: .transparent, images: [image],
                                                    commands: [Self.draw(0, crop: crop, into: Rect(0, 0, 2, 2), sampling: .trilinear(lod: lod))]))
            #expect(abs(Double(out[0, 0][0]) - expected) <= 2, "lod \(lod): \(out[0, 0])")
        }
    }

    @Test("a contentsRect crop with nearest never shows neighbour pixels")
    func cropDoesNotBleed() throws {
        let backend = try TestSupport.backend()
        let sheet = Image(bitmap: TestSupport.bitmap(width: 8, height: 4) { x, _ in
            x < 4 ? SIMD4(255, 0, 0, 255) : SIMD4(0, 255, 0, 255)
        })
        let crop = PixelRect(x: 4, y: 0, width: 4, height: 4)
        for sampling in [Sampling.nearest, .linear, .trilinear(lod: 1.5)] {
            let out = try backend.render(RenderPlan(width: 24, height: 24, clearColor: .transparent, images: [sheet], commands: [
                Self.draw(0, crop: crop, into: Rect(0, 0, 24, 24), sourceRect: Rect(-0.25, -0.25, 1.5, 1.5), sampling: sampling),
            ]))
            for y in 0..<24 { for x in 0..<24 { #expect(out[x, y] == SIMD4(0, 255, 0, 255), "\(sampling) (\(x), \(y))") } }
        }
    }

    @Test("image textures are uploaded once and reused across frames")
    func textureCacheReuse() throws {
        let backend = try TestSupport.backend()
        let crop = PixelRect(x: 0, y: 0, width: 4, height: 4)
        let plan = RenderPlan(width: 8, height: 8, clearColor: .transparent, images: [Self.checker],
                              commands: [Self.draw(0, crop: crop, into: Rect(0, 0, 8, 8), sampling: .nearest)])
        _ = try backend.render(plan)
        let counts = backend.liveObjectCounts
        var replanned = plan
        replanned.commands = plan.commands.map { $0 }
        _ = try backend.render(replanned)
        #expect(backend.imageTextureStatistics.misses == 1)
        #expect(backend.imageTextureStatistics.hits == 1, "a new plan value with the same image finds its texture")
        _ = try backend.render(replanned)
        #expect(backend.imageTextureStatistics.misses == 1)
        #expect(backend.imageTextureStatistics.hits == 1, "the same plan value again replays its recorded draw")
        #expect(backend.liveObjectCounts == counts)
    }

    @Test("image opacity multiplies the premultiplied texel")
    func opacity() throws {
        let backend = try TestSupport.backend()
        let image = Image(bitmap: TestSupport.bitmap(width: 1, height: 1) { _, _ in SIMD4(200, 100, 0, 255) })
        let out = try backend.render(RenderPlan(width: 4, height: 4, clearColor: .transparent, images: [image], commands: [
            .image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 1, height: 1)),
                             destination: Rect(0, 0, 4, 4), sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                             sampling: .linear, opacity: 0.5, clip: .none)),
        ]))
        #expect(out[2, 2] == SIMD4(100, 50, 0, 128) || out[2, 2] == SIMD4(100, 50, 0, 127))
    }
}
