import Foundation
import Lamina
import Testing
@testable import LaminaGLES

@Suite("Cards drawn whole, opacity groups of one card without their offscreen, recorded draws replayed", .serialized)
struct CardDrawTests {
    /// Renders with card draws on and off; returns both bitmaps and the card backend's counts.
    static func renderCardsAndApart(_ plan: RenderPlan) throws -> (cards: Bitmap, apart: Bitmap, counts: DrawCounts) {
        let cards = try TestSupport.backend()
        let apart = try TestSupport.backend()
        apart.options.groupCollapse = false
        let a = try cards.render(plan), b = try apart.render(plan)
        #expect(apart.counts.cards == 0 && apart.counts.collapsedGroups == 0)
        return (a, b, cards.counts)
    }

    @Test("overlapping grid: the 8 opacity groups draw without offscreens and cards with a visible image as one draw, within 1/255")
    func grid() throws {
        let plan = try CanvasBatchesTests.grid(step: 60)
        #expect(plan.offscreens.count == 8)
        let (cards, apart, counts) = try CardDrawTests.renderCardsAndApart(plan)
        #expect(counts.collapsedGroups == 8, "\(counts)")
        #expect(counts.cards >= 4, "cards whose image is not covered by the next card: \(counts)")
        let largest = ShadowFusionTests.largestDifference(cards, apart)
        #expect(largest <= 1, "largest channel difference \(largest)")
    }

    @Test("a group of two cards, a group read twice and a group at a fractional offset keep their offscreens")
    func notCollapsed() throws {
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        let shadow = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        func cardCommands(at x: Double) -> [DrawCommand] {
            let t = AffineTransform.translation(x, 12)
            return [.roundedRectShadow(RoundedRectShadow(shape: card.offsetBy(dx: 0, dy: 3), transform: t, sigma: 4, color: shadow,
                                                         clip: .none)),
                    .fill(Fill(shape: card, transform: t, color: TestSupport.blue, clip: .none))]
        }
        func composite(_ id: OffscreenID, x: Double, opacity: Double = 0.5) -> DrawCommand {
            .image(ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 100, 70), sourceRect: Rect(0, 0, 1, 1),
                             transform: .translation(x, 0), sampling: .nearest, opacity: opacity, clip: .none))
        }
        let group = Offscreen(width: 100, height: 70, reason: .groupOpacity(layer: "card"))
        var commands: [DrawCommand] = [.beginOffscreen(0)] + cardCommands(at: 10) + cardCommands(at: 30) + [.endOffscreen, composite(0, x: 0)]
        commands += [.beginOffscreen(1)] + cardCommands(at: 10) + [.endOffscreen, composite(1, x: 110), composite(1, x: 110, opacity: 0.3)]
        commands += [.beginOffscreen(2)] + cardCommands(at: 10) + [.endOffscreen, composite(2, x: 220.5)]
        let plan = RenderPlan(width: 330, height: 80, clearColor: TestSupport.white, offscreens: [group, group, group], commands: commands)
        #expect(CollapsedCard.all(in: plan, tree: try plan.tree(), fills: ShadowedFills(plan)).isEmpty)
        let (cards, apart, counts) = try CardDrawTests.renderCardsAndApart(plan)
        #expect(counts.collapsedGroups == 0)
        #expect(cards == apart)
    }

    @Test("later frames of the same plan replay the recorded draws: same pixels and counts, none recorded past an offscreen")
    func replay() throws {
        let plan = try CanvasBatchesTests.grid(step: 60)
        let backend = try TestSupport.backend()
        let first = try backend.render(plan)
        let firstCounts = backend.counts
        #expect(backend.recorded.count > 20, "\(backend.recorded.count) commands recorded")
        let second = try backend.render(plan)
        #expect(second == first)
        #expect(backend.counts == firstCounts + firstCounts)
        let fresh = try TestSupport.backend().render(plan)
        #expect(fresh == first)
    }

    @Test("recorded draws are dropped when a cache evicts a texture, so none samples a deleted texture")
    func evictionDropsRecordings() throws {
        var plan = try CanvasBatchesTests.grid(step: 60)
        guard case .image(let index, let crop)? = plan.commands.lazy.compactMap({ command -> ImageSource? in
            if case .image(let draw) = command, case .image = draw.source { return draw.source }
            return nil
        }).first else { Issue.record("no image draw"); return }
        let other = TestSupport.bitmap(width: 24, height: 24) { x, _ in SIMD4(255, UInt8(x * 10), 0, 255) }
        plan.images.append(Image(bitmap: other, source: "other"))
        var seen = 0
        for i in plan.commands.indices {
            guard case .image(var draw) = plan.commands[i], draw.source == .image(index: index, crop: crop) else { continue }
            seen += 1
            guard seen % 2 == 0 else { continue }
            draw.source = .image(index: plan.images.count - 1, crop: crop)
            plan.commands[i] = .image(draw)
        }
        let small = try GLESBackend(options: { var o = GLESOptions(); o.imageCacheByteLimit = 24 * 24 * 4; return o }())
        let frames = try (0..<3).map { _ in try small.render(plan) }
        #expect(small.resources.releases.evictions >= 2)
        #expect(frames[1] == frames[0] && frames[2] == frames[0])
        #expect(try TestSupport.backend().render(plan) == frames[0])
    }
}
