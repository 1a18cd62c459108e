import Testing
@testable import Lamina

/// `Border.insetWidth`: the GPU paints a border's inner edge from its outer edge and this width alone, so it
/// must be found for every border the planner makes and refused for any other pair of shapes.
@Suite struct BorderInsetWidthTests {
    static func border(outer: RoundedRect, inner: RoundedRect) -> Border {
        Border(outer: outer, inner: inner, transform: .identity,
               color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), clip: Clip())
    }

    @Test(arguments: [(0.0, 0.0), (2.0, 12.0), (5.0, 20.0), (12.0, 4.0), (0.3, 12.0), (39.5, 30.0)])
    func plannedBordersHaveTheirWidth(borderWidth: Double, cornerRadius: Double) throws {
        var l = Layer()
        l.setFrame(Rect(10, 20, 120, 80))
        l.borderWidth = borderWidth
        l.cornerRadius = cornerRadius
        let plan = try RenderPlanner.plan(Scene(width: 200, height: 200, scale: 1, groupOpacity: true, root: l))
        let borders = plan.commands.compactMap { c -> Border? in if case .border(let b) = c { return b }; return nil }
        guard borderWidth > 0 else { #expect(borders.isEmpty); return }
        let b = try #require(borders.first)
        #expect(b.insetWidth == borderWidth)
    }

    @Test func aBorderThatFillsTheLayerIsAFill() throws {
        var l = Layer()
        l.setFrame(Rect(10, 20, 120, 80))
        l.borderWidth = 1000
        let plan = try RenderPlanner.plan(Scene(width: 200, height: 200, scale: 1, groupOpacity: true, root: l))
        #expect(plan.commands.count == 1)
        guard case .fill = plan.commands.first else { Issue.record("\(plan)"); return }
    }

    @Test func otherRingsHaveNone() {
        let outer = RoundedRect(rect: Rect(0, 0, 100, 60), cornerRadius: 10)
        #expect(Self.border(outer: outer, inner: outer.inset(by: 4)).insetWidth == 4)
        let shifted = outer.inset(by: 4).offsetBy(dx: 1, dy: 0)
        #expect(Self.border(outer: outer, inner: shifted).insetWidth == nil, "not centered in the outer edge")
        var radii = outer.inset(by: 4)
        radii.radii = CornerRadii(uniform: 9)
        #expect(Self.border(outer: outer, inner: radii).insetWidth == nil, "radii not r − w")
        let outside = RoundedRect(rect: Rect(-2, -2, 104, 64), cornerRadius: 12)
        #expect(Self.border(outer: outer, inner: outside).insetWidth == nil, "inner edge outside the outer")
        #expect(Self.border(outer: outer, inner: outer.inset(by: 30)).insetWidth == 30)
        #expect(Self.border(outer: outer, inner: outer.inset(by: 35)).insetWidth == nil, "inset past half the smaller side")
    }
}
