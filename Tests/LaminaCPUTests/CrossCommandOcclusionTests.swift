import Lamina
import Testing
@testable import LaminaCPU

/// Occlusion culling across a whole run (`VisibilityPass`): bit-identical pixels with culling on
/// and off on a dense scene of overlapping cards, and commands that later opaque fills hide entirely
/// are not drawn.
@Suite struct CrossCommandOcclusionTests {
    typealias P = PlanBuilding

    /// Deterministic pseudo-random numbers in 0..<1.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// Overlapping cards (shadow, fill, clipped image, border) at fractional positions, with translucent,
    /// scissored and rotated ones, some inside group-opacity offscreens, and a few mask fills.
    static func overlappingCards(count: Int, width: Int = 320, height: Int = 200) -> RenderPlan {
        var rng = Random(state: 42)
        let icon = P.grayImage(width: 32, height: 32) { x, y in UInt8((x * 7 + y * 5) % 256) }
        var commands: [DrawCommand] = []
        var offscreens: [Offscreen] = []
        for i in 0..<count {
            let w = 40 + 50 * rng.next(), h = 30 + 30 * rng.next(), radius = 12 * rng.next()
            var t = AffineTransform.translation(rng.next() * Double(width - 40) - 10, rng.next() * Double(height - 30) - 10)
            if i % 11 == 5 { t = AffineTransform.rotation(0.3).concatenating(t) }
            let alpha = i % 6 == 3 ? 0.7 : 1
            let color = PremultipliedColor(red: rng.next() * alpha, green: rng.next() * alpha, blue: rng.next() * alpha, alpha: alpha)
            let clip = i % 9 == 4 ? Clip(scissor: PixelRect(x: 0, y: 0, width: width / 2, height: height), shapes: []) : Clip.none
            let shape = RoundedRect(rect: Rect(0, 0, w, h), cornerRadius: radius)
            let grouped = i % 8 == 7
            let local = grouped ? AffineTransform.translation(10, 10) : t
            var card: [DrawCommand] = [
                .roundedRectShadow(RoundedRectShadow(shape: shape.offsetBy(dx: 0, dy: 3), transform: local, sigma: 3,
                                                     color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.4), clip: clip)),
                .fill(Fill(shape: shape, transform: local, color: color, clip: clip)),
                .image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 32, height: 32)),
                                 destination: Rect(w - 30, h - 20, 32, 32), sourceRect: Rect(0, 0, 1, 1), transform: local,
                                 sampling: .linear, opacity: 1, clip: Clip(scissor: clip.scissor, shapes: [Clip.Shape(shape: shape, transform: local)]))),
                .border(Border(outer: shape, width: 1.5, transform: local,
                               color: PremultipliedColor(red: 0.1, green: 0.1, blue: 0.2, alpha: i % 5 == 0 ? 0.5 : 1), clip: clip)),
            ]
            if i % 13 == 6 {
                let mask = AlphaMask(width: 12, height: 9, alpha: (0..<108).map { UInt8(($0 * 37) % 256) })
                card.append(.maskFill(MaskFill(mask: mask, origin: PixelPoint(x: Int(t.tx) + 4, y: Int(t.ty) + 4), color: color, clip: .none)))
            }
            if grouped {
                let id = offscreens.count
                offscreens.append(Offscreen(width: Int(w) + 24, height: Int(h) + 27, reason: .groupOpacity(layer: "card \(i)")))
                commands.append(.beginOffscreen(id))
                commands += card
                commands.append(.endOffscreen)
                commands.append(.image(ImageDraw(source: .offscreen(id), destination: Rect(-10, -10, w + 24, h + 27),
                                                 sourceRect: Rect(0, 0, 1, 1), transform: t, sampling: .nearest, opacity: 0.6, clip: .none)))
            } else {
                commands += card
            }
        }
        return RenderPlan(width: width, height: height, clearColor: P.white, images: [icon], offscreens: offscreens, commands: commands)
    }

    /// Bytes that differ (a short failure message instead of two whole bitmaps).
    static func differingBytes(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return -1 }
        return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    static func render(_ plan: RenderPlan, threads: Int, culling: Bool) throws -> (Bitmap, OcclusionStatistics) {
        let backend = CPUBackend(threads: threads)
        backend.occlusionCulling = culling
        let bitmap = try backend.render(plan)
        return (bitmap, backend.occlusionStatistics)
    }

    @Test(arguments: [1, 3])
    func overlappingCardsAreBitIdenticalWithAndWithoutCulling(threads: Int) throws {
        let plan = Self.overlappingCards(count: 160)
        let (culled, stats) = try Self.render(plan, threads: threads, culling: true)
        let (full, off) = try Self.render(plan, threads: threads, culling: false)
        #expect(Self.differingBytes(culled, full) == 0)
        #expect(stats.hiddenPixels > 0 && stats.culledCommands > 0)
        #expect(off.culledCommands == 0 && off.hiddenPixels == 0)
    }

    @Test func syntheticCardDashboardIsBitIdentical() throws {
        let plan = CardPlans.cards(count: 400, width: 640, height: 360)
        #expect(try Self.differingBytes(Self.render(plan, threads: 2, culling: true).0, Self.render(plan, threads: 2, culling: false).0) == 0)
    }

    /// Small commands of every kind, then an opaque fill over the whole canvas.
    func coveredPlan(coverAlpha: Double) -> RenderPlan {
        let small = RoundedRect(rect: Rect(10.5, 10.5, 30, 20), cornerRadius: 4)
        let gray = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let cover = PremultipliedColor(red: 0.2 * coverAlpha, green: 0.6 * coverAlpha, blue: 0.3 * coverAlpha, alpha: coverAlpha)
        let commands: [DrawCommand] = [
            .roundedRectShadow(RoundedRectShadow(shape: small, transform: .identity, sigma: 2, color: gray, clip: .none)),
            .fill(Fill(shape: small, transform: .identity, color: gray, clip: .none)),
            P.image(0, crop: PixelRect(x: 0, y: 0, width: 8, height: 8), into: Rect(12, 12, 16, 16), sampling: .linear),
            .border(Border(outer: small, width: 2, transform: .identity, color: gray, clip: .none)),
            .fill(Fill(shape: RoundedRect(rect: Rect(0, 0, 64, 48)), transform: .identity, color: cover, clip: .none)),
        ]
        let icon = P.grayImage(width: 8, height: 8) { x, y in UInt8(x * 30 + y) }
        return RenderPlan(width: 64, height: 48, clearColor: P.white, images: [icon], commands: commands)
    }

    @Test func commandsUnderAnOpaqueFillAreSkipped() throws {
        for threads in [1, 2] {
            let (culled, stats) = try Self.render(coveredPlan(coverAlpha: 1), threads: threads, culling: true)
            #expect(stats.commands == 5 && stats.culledCommands == 4)
            #expect(try Self.differingBytes(culled, Self.render(coveredPlan(coverAlpha: 1), threads: threads, culling: false).0) == 0)
            #expect(culled[20, 20] == SIMD4<UInt8>(51, 153, 77, 255))
        }
    }

    @Test func aTranslucentFillHidesNothing() throws {
        let (culled, stats) = try Self.render(coveredPlan(coverAlpha: 0.5), threads: 1, culling: true)
        #expect(stats.culledCommands == 0)
        #expect(try Self.differingBytes(culled, Self.render(coveredPlan(coverAlpha: 0.5), threads: 1, culling: false).0) == 0)
    }

    /// A fill under an opaque image drawn at opacity 1 is culled; under an image with one texel of alpha 254,
    /// or under the opaque one at opacity 0.9, it is drawn. Pixels equal culling off either way.
    @Test(arguments: [(UInt8(255), 1.0, true), (UInt8(254), 1.0, false), (UInt8(255), 0.9, false)])
    func anOpaqueImageHidesWhatLiesBelow(corner: UInt8, opacity: Double, hides: Bool) throws {
        var px = [UInt8](repeating: 255, count: 8 * 8 * 4)
        for i in stride(from: 0, to: px.count, by: 4) { px[i] = UInt8(i % 200); px[i + 1] = UInt8((i * 3) % 256) }
        px[3] = corner
        px[0] = min(px[0], corner); px[1] = min(px[1], corner); px[2] = min(px[2], corner)
        let photo = Image(bitmap: Bitmap(width: 8, height: 8, pixels: px))
        let commands: [DrawCommand] = [
            P.fill(Rect(10.5, 10.5, 30, 20), color: P.red),
            .image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 8, height: 8)), destination: Rect(0.25, 0, 64, 48),
                             sourceRect: Rect(0, 0, 1, 1), transform: .identity, sampling: .linear, opacity: opacity, clip: .none)),
        ]
        let plan = RenderPlan(width: 64, height: 48, clearColor: P.white, images: [photo], commands: commands)
        for threads in [1, 2] {
            let (culled, stats) = try Self.render(plan, threads: threads, culling: true)
            #expect(stats.culledCommands == (hides ? 1 : 0))
            #expect(try Self.differingBytes(culled, Self.render(plan, threads: threads, culling: false).0) == 0)
        }
    }

    /// A canvas fill hides the canvas's earlier draw of an offscreen, never the offscreen's own content.
    @Test func offscreenRunsAreCulledSeparately() throws {
        let red = P.fill(Rect(0, 0, 16, 16), color: P.red)
        let draw = DrawCommand.image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 16, 16), sourceRect: Rect(0, 0, 1, 1),
                                               transform: .identity, sampling: .nearest, opacity: 1, clip: .none))
        let drawAgain = DrawCommand.image(ImageDraw(source: .offscreen(0), destination: Rect(32, 0, 16, 16), sourceRect: Rect(0, 0, 1, 1),
                                                    transform: .identity, sampling: .nearest, opacity: 1, clip: .none))
        let plan = RenderPlan(width: 48, height: 16, clearColor: P.white,
                              offscreens: [Offscreen(width: 16, height: 16, reason: .groupOpacity(layer: "o"))],
                              commands: [.beginOffscreen(0), red, .endOffscreen, draw, P.fill(Rect(-1, -1, 33, 18), color: P.blue), drawAgain])
        let (b, stats) = try Self.render(plan, threads: 1, culling: true)
        #expect(stats.commands == 4 && stats.culledCommands == 1)
        #expect(b[8, 8] == SIMD4<UInt8>(0, 0, 255, 255))
        #expect(b[40, 8] == SIMD4<UInt8>(255, 0, 0, 255))
    }
}
