import Testing
@testable import Lamina

/// The planner lists which commands are each layer's shadow, background, contents, sublayers and border.
@Suite struct PlannedLayerTests {
    typealias T = PlannerTests

    func parts(_ plan: RenderPlan, _ path: String) throws -> PlannedLayer {
        try #require(plan.layers.first { $0.path.description == path }, "\(plan.layers.map(\.summary))")
    }

    @Test("Listing 4.3: the shadow of the outer layer, then the clipped card's background, sublayer and border")
    func listing43() throws {
        let card = T.layer(Rect(0, 0, 140, 140)) {
            $0.backgroundColor = .white
            $0.cornerRadius = 20
            $0.borderWidth = 5
            $0.masksToBounds = true
            $0.sublayers = [T.layer(Rect(-20, -20, 60, 60)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }]
        }
        let outer = T.layer(Rect(20, 20, 140, 140)) {
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 5
            $0.sublayers = [card]
        }
        let plan = try T.plan(T.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [outer] })
        #expect(plan.commands.count == 4)
        let shadowOwner = try parts(plan, "root.sublayers[0]")
        #expect(shadowOwner.shadow == 0..<1 && shadowOwner.background == nil && shadowOwner.sublayers == 1..<4 && shadowOwner.border == nil)
        let clipped = try parts(plan, "root.sublayers[0].sublayers[0]")
        #expect(clipped.shadow.isEmpty && clipped.background == 1 && clipped.contents.isEmpty)
        #expect(clipped.sublayers == 2..<3 && clipped.between == 2..<3 && clipped.border == 3 && clipped.clipsToBounds)
        guard case .border(let border) = plan.commands[3] else { Issue.record("\(plan)"); return }
        #expect(border.width == 5)
        let red = try parts(plan, "root.sublayers[0].sublayers[0].sublayers[0]")
        #expect(red.background == 2 && red.border == nil)
        #expect(plan.flatDescription.contains("layer root.sublayers[0].sublayers[0]: background 1, sublayers 2 clipped, border 3"))
        #expect(plan.description.contains("""
                  layer root.sublayers[0].sublayers[0] clipped
                    1 background: fill
            """), "\(plan)")
    }

    @Test("a content-shaped shadow's silhouette offscreen belongs to the shadow's range; hidden parts are absent")
    func silhouetteAndHiddenParts() throws {
        let owner = T.layer(Rect(20, 20, 100, 100)) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 3
            $0.sublayers = [T.layer(Rect(0, 0, 40, 40)) { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) },
                            T.layer(Rect(50, 50, 40, 40)) { $0.backgroundColor = .clear; $0.borderWidth = 2 }]
        }
        let plan = try T.plan(T.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [owner] })
        let p = try #require(plan.layers.first { $0.path.description == "root.sublayers[0]" }, "listed before its copy in its own silhouette")
        #expect(p.shadow.count >= 3, "silhouette offscreen begin, its draws, end, and the blur")
        guard case .beginOffscreen = plan.commands[p.shadow.lowerBound],
              case .blurredShadow = plan.commands[p.shadow.upperBound - 1] else { Issue.record("\(plan)"); return }
        #expect(p.sublayers.lowerBound == p.shadow.upperBound && p.sublayers.upperBound == plan.commands.count)
        let clear = try #require(plan.layers.first { $0.path.description == "root.sublayers[0].sublayers[1]" })
        #expect(clear.background == nil && clear.border != nil, "a clear background draws nothing")
    }
}
