import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// Opacity groups of one card cut by a damage rect: the restricted plan draws their offscreens only where
/// the damage samples them, and the GPU still draws each such group as one card draw without its offscreen.
@Suite("Collapsed groups in damage rects", .serialized)
struct CollapsedDamageTests {
    static func scene(_ n: Int) -> Scene {
        var cards: [Layer] = []
        for i in 0..<12 {
            var card = Layer()
            card.setFrame(Rect(Double(i) * 30 + 3.4, 20.6, 60, 40))
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            card.opacity = 0.6
            var body = Layer()
            body.setFrame(Rect(0, 0, 60, 40))
            body.backgroundColor = Color(red: 0.3, green: 0.5, blue: 0.7)
            body.cornerRadius = 8
            body.masksToBounds = true
            card.sublayers = [body]
            cards.append(card)
        }
        var mover = Layer()
        mover.setFrame(Rect(10 + Double(n) * 7, 30, 20, 20))
        mover.backgroundColor = .black
        cards.append(mover)
        var root = Layer()
        root.setFrame(Rect(0, 0, 400, 100))
        root.sublayers = cards
        return Scene(width: 400, height: 100, root: root)
    }

    @Test("groups that a damage rect cuts are still drawn without their offscreen from a plan that limits them, with the full frame's pixels")
    func groupsStayCollapsed() throws {
        let gpu = try GLESBackend()
        #expect(!gpu.drawsOffscreensInPart, "the GPU backend limits offscreens itself")
        let before = Self.scene(0), after = Self.scene(1)
        try gpu.execute(try RenderPlanner.plan(before))
        let damage = SceneDamage.between(before, after)
        #expect(damage.fraction < 0.1)
        let plan = try RenderPlanner.plan(after, region: damage).restricted(to: damage, limitingOffscreens: true)
        gpu.counts = DrawCounts()
        try gpu.execute(plan, region: damage)
        #expect(gpu.counts.collapsedGroups >= 2, "groups in the damage drawn as cards: \(gpu.counts.collapsedGroups)")
        let full = try TestSupport.backend().render(try RenderPlanner.plan(after))
        #expect(try gpu.readBack() == full)
    }
}
