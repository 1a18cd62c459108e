import Testing
@testable import Lamina

/// `RenderPlan.restricted(to:)`: one copy of the canvas draws per damage rect, each with its offscreens and
/// its layers, and `RenderPlanner.plan(_:region:)` leaving out what misses the region.
@Suite("Plans limited to damage rects")
struct RestrictedPlanTests {
    /// A row of cards (shadow, fill, border; every other one an opacity group), 40 points apart.
    static func scene() -> Scene {
        let cards = (0..<5).map { i in
            PlannerTests.layer(Rect(10 + Double(i) * 40, 10, 50, 30)) {
                $0.backgroundColor = Color(red: 0.2 * Double(i), green: 0.5, blue: 0.5)
                $0.cornerRadius = 6
                $0.borderWidth = 2
                $0.shadowOpacity = 0.5
                $0.shadowRadius = 3
                $0.opacity = i % 2 == 0 ? 0.5 : 1
            }
        }
        return Scene(width: 240, height: 60, root: PlannerTests.layer(Rect(0, 0, 240, 60)) { $0.sublayers = cards })
    }

    static let region = DamageRegion(boxes: [Rect(0, 0, 40, 60), Rect(60, 0, 40, 60)], width: 240, height: 60)

    @Test("each rect's copy draws the offscreens it reads, under new ids, right before reading them")
    func offscreensPerCopy() throws {
        let plan = try RenderPlanner.plan(Self.scene())
        let restricted = try plan.restricted(to: Self.region)
        let tree = try SurfaceTree(restricted)
        var expected = 0
        for rect in Self.region.rects {
            for c in plan.commands {
                guard case .image(let d) = c, case .offscreen = d.source, let reach = c.reach(offscreens: plan.offscreens),
                      reach.intersection(rect.rect) != nil else { continue }
                expected += 1
            }
        }
        #expect(expected > Self.region.rects.count, "a group is read in both rects")
        #expect(restricted.offscreens.count == expected)
        for surface in tree.surfaces {
            #expect(surface.readers == [surface.end + 1])
        }
    }

    @Test("every layer of a copy names commands of its kind, inside that copy")
    func layersPerCopy() throws {
        let plan = try RenderPlanner.plan(Self.scene())
        let restricted = try plan.restricted(to: Self.region)
        #expect(restricted.layers.count >= 4)
        for layer in restricted.layers {
            if let b = layer.background { guard case .fill = restricted.commands[b] else { Issue.record("background \(b) of \(layer.summary)"); continue } }
            if let b = layer.border {
                switch restricted.commands[b] {
                case .border, .fill: break
                default: Issue.record("border \(b) of \(layer.summary)")
                }
            }
            for i in layer.shadow {
                if case .fill = restricted.commands[i] { Issue.record("shadow \(i) of \(layer.summary) is a fill") }
            }
            if let b = layer.background, !layer.shadow.isEmpty { #expect(layer.shadow.upperBound <= b) }
        }
    }

    @Test("every canvas draw of a copy stays inside its rect")
    func scissored() throws {
        let plan = try RenderPlanner.plan(Self.scene())
        let restricted = try plan.restricted(to: Self.region)
        let tree = try SurfaceTree(restricted)
        let inBlocks = Set(tree.surfaces.flatMap { Array($0.begin...$0.end) })
        for (i, c) in restricted.commands.enumerated() where !inBlocks.contains(i) {
            guard let reach = c.reach(offscreens: restricted.offscreens) else { continue }
            #expect(Self.region.rects.contains { $0.rect.contains(reach) }, "command \(i) reaches \(reach)")
        }
    }

    @Test("planning for a region leaves out the layers whose drawing misses it")
    func planningCulls() throws {
        let whole = try RenderPlanner.plan(Self.scene())
        let region = DamageRegion(boxes: [Rect(0, 0, 30, 60)], width: 240, height: 60)
        let culled = try RenderPlanner.plan(Self.scene(), region: region)
        #expect(culled.layers.count < whole.layers.count)
        #expect(culled.layers.count >= 2)
        #expect(try culled.restricted(to: region).commands.count == whole.restricted(to: region).commands.count)
    }
}
