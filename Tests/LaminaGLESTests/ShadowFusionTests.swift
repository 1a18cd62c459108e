import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("A table shadow and the fill after it are drawn as one", .serialized)
struct ShadowFusionTests {
    /// Renders with fusion on and off; returns both bitmaps and the numbers of fused draws and of borders
    /// they took along.
    static func renderFusedAndApart(_ plan: RenderPlan) throws -> (fused: Bitmap, apart: Bitmap, draws: Int, borders: Int) {
        let fusing = try TestSupport.backend()
        let apart = try TestSupport.backend()
        fusing.options.groupCollapse = false
        apart.options.shadowFusion = false
        let a = try fusing.render(plan), b = try apart.render(plan)
        #expect(apart.counts == DrawCounts())
        return (a, b, fusing.counts.fused, fusing.counts.fusedBorders)
    }

    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("overlapping cards: shadows fuse with fills sharing their clip, and with the borders right after, within 1/255")
    func fusedCards() throws {
        let plan = OcclusionTests.cardsPlan(count: 40)
        let (fused, apart, draws, borders) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 32, "every card but the 8 whose fill has a scissor the shadow lacks: \(draws)")
        #expect((24...32).contains(borders),
                "the 24 with nothing between fill and border, and those of the 8 with a translucent fill there that is hidden: \(borders)")
        let largest = ShadowFusionTests.largestDifference(fused, apart)
        let differing = zip(fused.pixels, apart.pixels).filter { $0 != $1 }.count
        #expect(largest <= 1, "largest channel difference \(largest)")
        #expect(differing * 20 <= fused.pixels.count, "\(differing) channel values differ")
    }

    @Test("batched grid of cards with groups, rounded clips and images: fused within 1/255, borders not past a visible image")
    func fusedGrid() throws {
        let plan = try CanvasBatchesTests.grid(step: 60)
        let (fused, apart, draws, borders) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 16, "the 16 cards outside group offscreens: \(draws)")
        #expect(borders == 0, "each card's image, drawn between its fill and its border, shows: \(borders)")
        #expect(ShadowFusionTests.largestDifference(fused, apart) <= 1)
    }

    @Test("a border after a hidden draw joins the fused draw, within 1/255 of separate draws")
    func borderPastHiddenImage() throws {
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        let shadow = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        var commands: [DrawCommand] = [], layers: [PlannedLayer] = []
        for i in 0..<6 {
            let t = AffineTransform.translation(12.25 + Double(i) * 25, 20.5 + Double(i % 2) * 7)
            layers.append(TestSupport.cardLayer(shadowAt: commands.count, sublayers: 1, border: true))
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: card.offsetBy(dx: 0, dy: 3), transform: t, sigma: 4,
                                                                 color: shadow, clip: .none)))
            commands.append(.fill(Fill(shape: card, transform: t, color: TestSupport.blue, clip: .none)))
            commands.append(TestSupport.fill(Rect(0, 0, 4, 4), color: TestSupport.green,
                                             transform: t.concatenating(.translation(100, 100)), clip: .none))
            commands.append(.border(Border(outer: card, width: 2.5, transform: t, color: TestSupport.red, clip: .none)))
        }
        commands.append(TestSupport.fill(Rect(100, 100, 200, 100), color: TestSupport.white))
        var plan = RenderPlan(width: 320, height: 140, clearColor: TestSupport.white, offscreens: [], commands: commands)
        plan.layers = layers
        let (fused, apart, draws, borders) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 6 && borders == 6, "\(draws) fused draws, \(borders) borders")
        #expect(ShadowFusionTests.largestDifference(fused, apart) <= 1)
    }

    @Test("borders as wide as or wider than their corner radius join the fused draw, within 1/255 of separate draws")
    func wideBorders() throws {
        let shadow = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        var commands: [DrawCommand] = [], layers: [PlannedLayer] = []
        for (i, (radius, width)) in [(0.0, 2.5), (3.0, 6.0), (8.0, 8.0), (8.0, 14.5), (12.0, 19.0), (20.0, 4.0)].enumerated() {
            let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: radius)
            layers.append(TestSupport.cardLayer(shadowAt: commands.count, border: true))
            let t = AffineTransform.translation(12.25 + Double(i % 3) * 80, 20.5 + Double(i / 3) * 60)
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: card.offsetBy(dx: 0, dy: 3), transform: t, sigma: 4,
                                                                 color: shadow, clip: .none)))
            commands.append(.fill(Fill(shape: card, transform: t, color: TestSupport.blue, clip: .none)))
            commands.append(.border(Border(outer: card, width: width, transform: t, color: TestSupport.red, clip: .none)))
        }
        var plan = RenderPlan(width: 260, height: 140, clearColor: TestSupport.white, offscreens: [], commands: commands)
        plan.layers = layers
        let (fused, apart, draws, borders) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 6 && borders == 6, "\(draws) fused draws, \(borders) borders")
        #expect(ShadowFusionTests.largestDifference(fused, apart) <= 1)
    }

    @Test("no fusion where the shadow's area does not hold the fill's, or the corners are continuous")
    func notFused() throws {
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        let continuous = RoundedRect(rect: Rect(0, 0, 60, 40), radii: CornerRadii(uniform: 8), curve: .continuous)
        let shadow = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        var commands: [DrawCommand] = [], layers: [PlannedLayer] = []
        for (i, shape) in [card, continuous].enumerated() {
            layers.append(TestSupport.cardLayer(shadowAt: commands.count, border: false))
            let t = AffineTransform.translation(20 + Double(i) * 100, 30)
            let offset = i == 0 ? 30.0 : 3
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: shape.offsetBy(dx: offset, dy: offset), transform: t,
                                                                 sigma: 2, color: shadow, clip: .none)))
            commands.append(.fill(Fill(shape: shape, transform: t, color: TestSupport.blue, clip: .none)))
        }
        var plan = RenderPlan(width: 220, height: 120, clearColor: TestSupport.white, offscreens: [], commands: commands)
        plan.layers = layers
        let (fused, apart, draws, _) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 0)
        #expect(fused == apart)
    }
}
