import Lamina
import Testing
@testable import LaminaCPU

@Suite struct OffscreenTests {
    typealias P = PlanBuilding

    /// A white square drawn into an offscreen (padded by the blur's reach), then blurred as a shadow.
    @Test(arguments: [2.0, 6.0, 20.0])
    func blurredShadowMatchesErfcProfile(sigma: Double) throws {
        let pad = 80, side = 240, size = side + 2 * pad
        let off = Offscreen(width: size, height: size, reason: .shadowSilhouette(layer: "square"))
        let shadow = BlurredShadow(source: .offscreen(0), origin: PixelPoint(x: 10, y: 10), offset: Point(0, 0),
                                   sigma: sigma, color: P.black, clip: .none)
        let plan = RenderPlan(width: size + 20, height: size + 20, clearColor: .transparent, offscreens: [off], commands: [
            .beginOffscreen(0), P.fill(Rect(Double(pad), Double(pad), Double(side), Double(side)), color: P.white), .endOffscreen,
            .blurredShadow(shadow),
        ])
        let b = try P.render(plan)
        let edge = Double(10 + pad), row = 10 + pad + side / 2
        var worst = 0.0
        for x in Int(edge - 4 * sigma)..<Int(edge + 4 * sigma) {
            let expected = 255 * P.edgeProfile(edge - (Double(x) + 0.5), sigma: sigma)
            worst = max(worst, abs(expected - Double(b[x, row][3])))
        }
        print("blurred shadow σ=\(sigma) (factor \(BlurRecipe(sigma: sigma).factor)): max |error| across the edge = \(worst)/255")
        #expect(worst <= 2)
    }

    @Test func blurredShadowWithZeroSigmaIsTheShiftedSilhouette() throws {
        let mask = AlphaMask(width: 4, height: 4, alpha: [UInt8](repeating: 255, count: 16))
        let shadow = BlurredShadow(source: .mask(mask), origin: PixelPoint(x: 2, y: 2), offset: Point(1, 0.5),
                                   sigma: 0, color: P.black, clip: .none)
        let b = try P.render(RenderPlan(width: 10, height: 10, clearColor: .transparent, commands: [.blurredShadow(shadow)]))
        #expect(b[4, 4][3] == 255)
        #expect(b[3, 4][3] == 255 && b[2, 4][3] == 0)
        #expect(b[4, 2][3] == 128)
        #expect(b[7, 4][3] == 0 && b[6, 4][3] == 255)
    }

    @Test func offscreenCompositeWithOpacity() throws {
        let off = Offscreen(width: 20, height: 20, reason: .groupOpacity(layer: "group"))
        let draw = ImageDraw(source: .offscreen(0), destination: Rect(5, 5, 20, 20), sourceRect: Rect(0, 0, 1, 1),
                             transform: .identity, sampling: .nearest, opacity: 0.5, clip: .none)
        let plan = RenderPlan(width: 30, height: 30, clearColor: P.white, offscreens: [off], commands: [
            .beginOffscreen(0), P.fill(Rect(0, 0, 15, 20), color: P.red), P.fill(Rect(5, 0, 15, 20), color: P.blue), .endOffscreen,
            .image(draw),
        ])
        let b = try P.render(plan)
        // Group opacity: the overlap shows only blue at 50 %, not red under blue. The 8-bit blender stores
        // 255 ⊗ (255 − 128) = 127 for the white under a source of alpha 0.5 (rounded to 128).
        #expect(b[15, 10] == SIMD4(127, 127, 255, 255))
        #expect(b[6, 10] == SIMD4(255, 127, 127, 255))
        #expect(b[2, 2] == SIMD4(255, 255, 255, 255))
    }

    @Test func maskComposite() throws {
        let content = Offscreen(width: 20, height: 20, reason: .maskedContent(layer: "masked"))
        let mask = Offscreen(width: 20, height: 20, reason: .mask(layer: "mask"))
        let draw = ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 20, 20), sourceRect: Rect(0, 0, 1, 1),
                             transform: .identity, sampling: .nearest, opacity: 1, mask: 1, clip: .none)
        let half = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        let plan = RenderPlan(width: 20, height: 20, clearColor: .transparent, offscreens: [content, mask], commands: [
            .beginOffscreen(0), P.fill(Rect(0, 0, 20, 20), color: P.red), .endOffscreen,
            .beginOffscreen(1), P.fill(Rect(0, 0, 10, 20), color: P.black), P.fill(Rect(10, 0, 5, 20), color: half), .endOffscreen,
            .image(draw),
        ])
        let b = try P.render(plan)
        #expect(b[5, 5] == SIMD4(255, 0, 0, 255))
        #expect(b[12, 5] == SIMD4(128, 0, 0, 128))
        #expect(b[17, 5] == SIMD4(0, 0, 0, 0))
    }

    @Test func maskFillUsesMaskAlpha() throws {
        let mask = AlphaMask(width: 3, height: 1, alpha: [0, 128, 255])
        let fill = MaskFill(mask: mask, origin: PixelPoint(x: 1, y: 1), color: P.red, clip: .none)
        let b = try P.render(RenderPlan(width: 5, height: 3, clearColor: .transparent, commands: [.maskFill(fill)]))
        #expect(b[1, 1] == SIMD4(0, 0, 0, 0) && b[2, 1] == SIMD4(128, 0, 0, 128) && b[3, 1] == SIMD4(255, 0, 0, 255))
        #expect(b[4, 1] == SIMD4(0, 0, 0, 0) && b[2, 0] == SIMD4(0, 0, 0, 0))
    }

    func rasterizedPlan(key: Int, color: PremultipliedColor) -> RenderPlan {
        let outer = Offscreen(width: 10, height: 10, reason: .rasterize(layer: "r", scale: 1), cacheKey: key)
        let inner = Offscreen(width: 10, height: 10, reason: .groupOpacity(layer: "g"))
        let composite = { (id: Int) in
            DrawCommand.image(ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 10, 10), sourceRect: Rect(0, 0, 1, 1),
                                        transform: .identity, sampling: .nearest, opacity: 1, clip: .none))
        }
        return RenderPlan(width: 10, height: 10, clearColor: .transparent, offscreens: [outer, inner], commands: [
            .beginOffscreen(0), .beginOffscreen(1), P.fill(Rect(0, 0, 10, 10), color: color), .endOffscreen, composite(1), .endOffscreen,
            composite(0),
        ])
    }

    @Test func rasterCacheHitsAndMisses() throws {
        let cpu = CPUBackend(threads: 2)
        let first = try cpu.render(rasterizedPlan(key: 7, color: P.red))
        #expect(cpu.rasterCacheStatistics.misses == 1 && cpu.rasterCacheStatistics.hits == 0)
        // Same key: the cached bitmap is reused and the nested commands are skipped (their color is ignored).
        let second = try cpu.render(rasterizedPlan(key: 7, color: P.blue))
        #expect(cpu.rasterCacheStatistics.hits == 1 && cpu.rasterCacheStatistics.misses == 1)
        #expect(second == first && second[5, 5] == SIMD4(255, 0, 0, 255))
        let third = try cpu.render(rasterizedPlan(key: 8, color: P.blue))
        #expect(cpu.rasterCacheStatistics.misses == 2 && cpu.rasterCacheStatistics.entries == 2)
        #expect(third[5, 5] == SIMD4(0, 0, 255, 255))
    }

    @Test func unbalancedPlanIsRejected() {
        let plan = RenderPlan(width: 4, height: 4, clearColor: .transparent,
                              offscreens: [Offscreen(width: 2, height: 2, reason: .groupOpacity(layer: "x"))], commands: [.beginOffscreen(0)])
        #expect(throws: RenderError.self) { try CPUBackend().render(plan) }
        let early = RenderPlan(width: 4, height: 4, clearColor: .transparent, commands: [.endOffscreen])
        #expect(throws: RenderError.self) { try CPUBackend().render(early) }
    }
}
