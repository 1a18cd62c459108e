import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("A table shadow and the fill after it are drawn as one", .serialized)
struct ShadowFusionTests {
    /// Renders with fusion on and off; returns both bitmaps and the number of fused draws.
    static func renderFusedAndApart(_ plan: RenderPlan) throws -> (fused: Bitmap, apart: Bitmap, draws: Int) {
        let fusing = try TestSupport.backend()
        let apart = try TestSupport.backend()
        apart.shadowFusion = false
        let a = try fusing.render(plan), b = try apart.render(plan)
        #expect(apart.fusedDraws == 0)
        return (a, b, fusing.fusedDraws)
    }

    static func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("overlapping cards: every shadow whose fill shares its clip fuses, within 2/255 of two draws")
    func fusedCards() throws {
        let plan = OcclusionTests.cardsPlan(count: 40)
        let (fused, apart, draws) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 32, "every card but the 8 whose fill has a scissor the shadow lacks: \(draws)")
        let largest = ShadowFusionTests.largestDifference(fused, apart)
        let differing = zip(fused.pixels, apart.pixels).filter { $0 != $1 }.count
        #expect(largest <= 2, "largest channel difference \(largest)")
        #expect(differing * 50 <= fused.pixels.count, "\(differing) channel values differ")
    }

    @Test("batched grid of cards with groups, rounded clips and images: fused within 2/255")
    func fusedGrid() throws {
        let plan = try CanvasBatchesTests.grid(step: 60)
        let (fused, apart, draws) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 16, "the 16 cards outside group offscreens: \(draws)")
        #expect(ShadowFusionTests.largestDifference(fused, apart) <= 2)
    }

    @Test("no fusion where the shadow's area does not hold the fill's, or the corners are continuous")
    func notFused() throws {
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        let continuous = RoundedRect(rect: Rect(0, 0, 60, 40), radii: CornerRadii(uniform: 8), curve: .continuous)
        let shadow = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        var commands: [DrawCommand] = []
        for (i, shape) in [card, continuous].enumerated() {
            let t = AffineTransform.translation(20 + Double(i) * 100, 30)
            let offset = i == 0 ? 30.0 : 3
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: shape.offsetBy(dx: offset, dy: offset), transform: t,
                                                                 sigma: 2, color: shadow, clip: .none)))
            commands.append(.fill(Fill(shape: shape, transform: t, color: TestSupport.blue, clip: .none)))
        }
        let plan = RenderPlan(width: 220, height: 120, clearColor: TestSupport.white, offscreens: [], commands: commands)
        let (fused, apart, draws) = try ShadowFusionTests.renderFusedAndApart(plan)
        #expect(draws == 0)
        #expect(fused == apart)
    }
}
