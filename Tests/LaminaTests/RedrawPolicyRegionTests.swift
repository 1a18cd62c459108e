import Lamina
import Testing

/// `RedrawPolicy.drawnRegion(for:)`: the damage itself, merged to fewer rects, or the whole canvas.
@Suite("Redraw policy regions")
struct RedrawPolicyRegionTests {
    static let damage = DamageRegion(boxes: (0..<6).map { Rect(Double($0) * 60, Double($0 % 2) * 50, 20, 20) }, width: 400, height: 100)

    @Test("a region within the rect limit and under the fraction is drawn as it is")
    func unchanged() {
        #expect(Self.damage.rects.count == 6)
        #expect(RedrawPolicy.standard.drawnRegion(for: Self.damage) == Self.damage)
        #expect(RedrawPolicy(maxRects: 6, fullRedrawFraction: 0.5).drawnRegion(for: Self.damage) == Self.damage)
    }

    @Test("more rects than the limit are merged into a region that holds every damaged pixel")
    func merged() throws {
        let drawn = try #require(RedrawPolicy(maxRects: 2, fullRedrawFraction: 2).drawnRegion(for: Self.damage))
        #expect(drawn.rects.count <= 2)
        #expect(drawn.area > Self.damage.area)
        for r in Self.damage.rects {
            let area = drawn.rects.reduce(0) { total, d in
                let w = min(r.x + r.width, d.x + d.width) - max(r.x, d.x), h = min(r.y + r.height, d.y + d.height) - max(r.y, d.y)
                return total + (w > 0 && h > 0 ? w * h : 0)
            }
            #expect(area == r.area, "\(r) not inside \(drawn)")
        }
    }

    @Test("from the fraction on, the whole canvas is drawn (nil)")
    func whole() {
        #expect(Self.damage.fraction > 0.05 && Self.damage.fraction < 0.1)
        #expect(RedrawPolicy(maxRects: 32, fullRedrawFraction: 0.05).drawnRegion(for: Self.damage) == nil)
        #expect(RedrawPolicy(maxRects: 32, fullRedrawFraction: 0.1).drawnRegion(for: Self.damage) != nil)
        #expect(RedrawPolicy.standard.drawnRegion(for: .full(width: 400, height: 100)) == nil)
        #expect(RedrawPolicy.standard.drawnRegion(for: DamageRegion(boxes: [Rect(0, 0, 140, 100)], width: 400, height: 100)) == nil)
        #expect(RedrawPolicy.standard.drawnRegion(for: DamageRegion(boxes: [Rect(0, 0, 120, 100)], width: 400, height: 100)) != nil)
        #expect(RedrawPolicy(maxRects: 32, fullRedrawFraction: 2).drawnRegion(for: .full(width: 400, height: 100)) != nil)
    }
}
