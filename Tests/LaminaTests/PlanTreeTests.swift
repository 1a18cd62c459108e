import Testing
@testable import Lamina

/// `PlanTree`: the plan read as surfaces holding layer items, draws and nested surfaces.
@Suite struct PlanTreeTests {
    typealias T = PlannerTests

    static func layers(_ tree: PlanTree) -> [LayerItem] {
        var found: [LayerItem] = []
        PlanTree.forEachLayer(in: tree.canvas) { found.append($0) }
        return found
    }

    @Test("a content-shaped shadow's silhouette is a surface in the layer's shadow, holding the layer drawn again")
    func silhouetteInShadow() throws {
        let owner = T.layer(Rect(20, 20, 100, 100)) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 3
            $0.sublayers = [T.layer(Rect(0, 0, 40, 40)) { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) },
                            T.layer(Rect(50, 50, 40, 40)) { $0.borderWidth = 2 }]
        }
        let plan = try T.plan(T.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [owner] })
        let tree = try plan.tree()
        guard case .layer(let root) = try #require(tree.canvas.first), case .layer(let layer) = try #require(root.sublayers.first)
        else { Issue.record("\(plan)"); return }
        #expect(layer.path.description == "root.sublayers[0]")
        guard case .surface(let silhouette) = try #require(layer.shadow.first), case .draw(let blur) = try #require(layer.shadow.last)
        else { Issue.record("\(plan)"); return }
        #expect(plan.offscreens[silhouette.offscreen].reason == .shadowSilhouette(layer: "root.sublayers[0]"))
        #expect(silhouette.readers == [blur])
        guard case .layer(let again) = try #require(silhouette.items.first) else { Issue.record("\(plan)"); return }
        #expect(again.path.description == layer.path.description && again.shadow.isEmpty)
        #expect(layer.closedFormShadow(in: plan.commands) == nil)
    }

    @Test("an opacity group is a surface holding the layer, composited right after it")
    func opacityGroup() throws {
        let card = T.layer(Rect(20, 20, 100, 60)) {
            $0.opacity = 0.5
            $0.backgroundColor = .white
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 4
            $0.cornerRadius = 8
        }
        let plan = try T.plan(T.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [card] })
        guard case .layer(let root) = try #require(try plan.tree().canvas.first), root.sublayers.count == 2,
              case .surface(let group) = root.sublayers[0], case .draw(let composite) = root.sublayers[1]
        else { Issue.record("\(plan)"); return }
        #expect(group.compositeAfterEnd == composite)
        guard case .layer(let layer) = try #require(group.items.first) else { Issue.record("\(plan)"); return }
        let shadow = try #require(layer.closedFormShadow(in: plan.commands))
        #expect(layer.firstFilledLayer?.background == shadow + 1)
    }

    @Test("a shadow that follows its only sublayer's shape is followed by that sublayer's fill")
    func shadowFollowingSublayer() throws {
        let outer = T.layer(Rect(20, 20, 140, 140)) {
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 5
            $0.sublayers = [T.layer(Rect(0, 0, 140, 140)) { $0.backgroundColor = .white; $0.cornerRadius = 20 }]
        }
        let plan = try T.plan(T.layer(Rect(0, 0, 200, 200)) { $0.sublayers = [outer] })
        let layer = try #require(Self.layers(try plan.tree()).first { $0.path.description == "root.sublayers[0]" })
        let shadow = try #require(layer.closedFormShadow(in: plan.commands), "\(plan)")
        #expect(layer.background == nil)
        let filled = try #require(layer.firstFilledLayer)
        #expect(filled.path.description == "root.sublayers[0].sublayers[0]" && filled.background == shadow + 1)
    }

    @Test("layer parts with a gap, or a layer across a surface's end, are refused as a malformed plan")
    func malformedLayersAreRefused() throws {
        let fill = DrawCommand.fill(Fill(shape: RoundedRect(rect: Rect(0, 0, 10, 10)), transform: .identity, color: .white, clip: .none))
        var plan = RenderPlan(width: 20, height: 20, clearColor: .transparent, commands: [fill, fill, fill])
        plan.layers = [PlannedLayer(path: .document, shadow: 0..<0, background: 0, contents: 2..<3, sublayers: 3..<3)]
        #expect(throws: RenderError.self) { try plan.tree() }
        plan.layers = [PlannedLayer(path: .document, shadow: 0..<0, background: 0, contents: 1..<3, sublayers: 3..<3)]
        #expect(try plan.tree().canvas.count == 1)
        var nested = RenderPlan(width: 20, height: 20, clearColor: .transparent,
                                offscreens: [Offscreen(width: 10, height: 10, reason: .mask(layer: "m"))],
                                commands: [.beginOffscreen(0), fill, .endOffscreen, fill])
        nested.layers = [PlannedLayer(path: .document, shadow: 0..<0, background: 1, contents: 2..<4, sublayers: 4..<4)]
        #expect(throws: RenderError.self) { try nested.tree() }
    }

    @Test("the planner lists layers in the order their bodies begin; listed in another order, they make the same tree")
    func layerOrder() throws {
        let card = { (x: Double) in
            T.layer(Rect(x, 10, 40, 40)) {
                $0.backgroundColor = .white
                $0.shadowOpacity = 0.5
                $0.sublayers = [T.layer(Rect(5, 5, 10, 10)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }]
            }
        }
        var plan = try T.plan(T.layer(Rect(0, 0, 200, 100)) { $0.backgroundColor = .black; $0.sublayers = [card(10), card(100)] })
        let spans = plan.layers.compactMap(\.drawnSpan)
        #expect(spans.count == 5)
        #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.lowerBound < $1.lowerBound }, "\(plan.layers.map(\.summary))")
        let paths = { (tree: PlanTree) -> [String] in
            var found: [String] = []
            PlanTree.forEachLayer(in: tree.canvas) { found.append("\($0.path) \($0.commands)") }
            return found
        }
        let listed = paths(try plan.tree())
        plan.layers.reverse()
        #expect(paths(try plan.tree()) == listed)
    }
}
