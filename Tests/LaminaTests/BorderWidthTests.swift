import Testing
@testable import Lamina

/// The planner says how wide each border is (`Border.width`); backends paint the inner edge from the outer
/// edge and that width, and never work the width back out of two shapes.
@Suite struct BorderWidthTests {
    @Test(arguments: [(0.0, 0.0), (2.0, 12.0), (5.0, 20.0), (12.0, 4.0), (0.3, 12.0), (39.5, 30.0), (70.0, 8.0)])
    func plannedBordersHaveTheirWidth(borderWidth: Double, cornerRadius: Double) throws {
        var l = Layer()
        l.setFrame(Rect(10, 20, 120, 80))
        l.borderWidth = borderWidth
        l.cornerRadius = cornerRadius
        let plan = try RenderPlanner.plan(Scene(width: 200, height: 200, scale: 1, groupOpacity: true, root: l))
        let borders = plan.commands.compactMap { c -> Border? in if case .border(let b) = c { return b }; return nil }
        guard borderWidth > 0, borderWidth < 40 else { #expect(borders.isEmpty, "none, or a fill when it covers the layer"); return }
        let b = try #require(borders.first)
        #expect(b.width == borderWidth)
        #expect(b.outer == l.roundedBounds)
        #expect(b.inner == l.roundedBounds.inset(by: borderWidth))
    }

    @Test func aBorderThatFillsTheLayerIsAFill() throws {
        var l = Layer()
        l.setFrame(Rect(10, 20, 120, 80))
        l.borderWidth = 1000
        let plan = try RenderPlanner.plan(Scene(width: 200, height: 200, scale: 1, groupOpacity: true, root: l))
        #expect(plan.commands.count == 1)
        guard case .fill = plan.commands.first else { Issue.record("\(plan)"); return }
    }

    @Test func innerEdgeShrinksTheRadiiByTheWidth() {
        let outer = RoundedRect(rect: Rect(0, 0, 100, 60), cornerRadius: 10)
        let b = Border(outer: outer, width: 4, transform: .identity, color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1),
                       clip: Clip())
        #expect(b.inner.rect == Rect(4, 4, 92, 52))
        #expect(b.inner == outer.inset(by: 4))
    }
}
