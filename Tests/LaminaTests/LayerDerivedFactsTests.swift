import Testing
@testable import Lamina

/// What a layer remembers about its subtree (whether it animates, how many layers it has, the box damage
/// measures) follows every
/// change: changed in place, copied and changed, or changed below a sublayer.
@Suite("Facts a layer remembers about its subtree")
struct LayerDerivedFactsTests {
    @Test("a change anywhere in the subtree, in place or on a copy, is seen by the next question")
    func factsFollowChanges() {
        var root = Layer()
        root.sublayers = [Layer(), Layer()]
        #expect(!root.subtreeHasAnimations)
        #expect(RenderPlanner.count(root) == 3)
        root.sublayers[1].animations = [Animation(keyPath: .opacity, from: .number(1), to: .number(0), duration: 1)]
        #expect(root.subtreeHasAnimations)
        #expect(root.presentation(at: 0.5).sublayers[1].opacity == 0.5)
        root.sublayers[0].sublayers = [Layer(), Layer()]
        #expect(RenderPlanner.count(root) == 5)
        #expect(RenderPlanner.count(root, limit: 2) == 2)
        let shared = root
        var changed = shared
        changed.sublayers.removeAll()
        changed.mask = Layer()
        #expect(RenderPlanner.count(changed) == 2 && !changed.subtreeHasAnimations)
        #expect(RenderPlanner.count(shared) == 5 && shared.subtreeHasAnimations)
        changed.mask?.animations = [Animation(keyPath: .opacity, to: .number(0), duration: 1)]
        #expect(changed.subtreeHasAnimations)
    }

    @Test("the box damage measures follows a change below, in place or on a copy, and a hidden subtree has none")
    func damageBoxFollowsChanges() {
        var root = Layer()
        root.setFrame(Rect(10, 10, 100, 50))
        root.sublayers = [Layer()]
        root.sublayers[0].setFrame(Rect(0, 0, 40, 20))
        root.sublayers[0].backgroundColor = Color(red: 1, green: 0, blue: 0)
        let canvas = Rect(0, 0, 400, 300)
        let first = SceneDamage.extent(of: root, parent: .identity, clip: canvas)
        #expect(root.knownDamageBox != nil, "the box is remembered")
        #expect(SceneDamage.extent(of: root, parent: .identity, clip: canvas) == first)
        let shared = root
        root.sublayers[0].shadowOpacity = 1
        root.sublayers[0].shadowRadius = 8
        #expect(root.knownDamageBox == nil, "a change below forgets it")
        let shadowed = SceneDamage.extent(of: root, parent: .identity, clip: canvas)
        // The shadow reaches at least 3σ = 24 past the sublayer on the right (the left is cut by the canvas).
        #expect(shadowed.map { $0.contains(first!) && $0.width > first!.width + 24 } == true, "\(String(describing: shadowed))")
        #expect(SceneDamage.extent(of: shared, parent: .identity, clip: canvas) == first, "the copy keeps its own")
        root.sublayers[0].isHidden = true
        #expect(SceneDamage.extent(of: root, parent: .identity, clip: canvas) == nil)
        #expect(root.knownDamageBox.map { $0 == nil } == true, "drawing nothing is remembered too")
    }
}

@Suite("What a presentation knows from its model")
struct PresentationFactsTests {
    /// A root of `count` sublayers, every third with a sublayer of its own and one with a mask, the last
    /// one animating its opacity.
    private func model(_ count: Int) -> Scene {
        var root = Layer()
        root.sublayers = (0..<count).map { i in
            var layer = Layer()
            layer.setFrame(Rect(Double(i), 0, 4, 4))
            if i % 3 == 0 { layer.sublayers = [Layer()] }
            if i == 7 { layer.mask = Layer(); layer.mask?.sublayers = [Layer()] }
            return layer
        }
        root.sublayers[count - 1].animations = [Animation(keyPath: .opacity, from: .number(1), to: .number(0), duration: 1)]
        return Scene(width: 100, height: 100, scale: 1, background: .clear, groupOpacity: true, root: root)
    }

    @Test("the presentation's root knows its layer count and depth and that nothing animates, and they are right")
    func presentationKnowsItsFacts() {
        let scene = model(40)
        _ = scene.root.depth
        let presented = scene.presentation(at: 0.25).root
        #expect(presented.sublayers[39].opacity == 0.75)
        #expect(presented.knownLayerCount == RenderPlanner.count(scene.root))
        #expect(presented.knownDepth == 4, "root, sublayer with mask, mask, mask's sublayer")
        #expect(presented.knownToAnimate == false)
        var rebuilt = presented
        rebuilt.sublayers = presented.sublayers.map { $0 }
        rebuilt.name = "fresh"
        #expect(rebuilt.knownLayerCount == nil && rebuilt.knownDepth == nil, "a change forgets them")
        #expect(RenderPlanner.count(rebuilt) == 40 + 14 + 2 + 1)
        #expect(rebuilt.depth == 4 && !rebuilt.subtreeHasAnimations)
    }

    @Test("a model whose facts are not known yet hands on none but the animation fact")
    func unknownFactsStayUnknown() {
        let root = model(40).root
        let presented = root.presentation(at: 0.5)
        #expect(presented.knownDepth == nil && presented.knownLayerCount == nil)
        #expect(presented.knownToAnimate == false)
        #expect(presented.depth == root.depth)
    }

    @Test("counting with a limit stops early and counts exactly below it, masks included")
    func limitedCount() {
        let root = model(40).root
        for limit in [1, 2, 5, 30, 56, 57, 58, 1000] {
            #expect(RenderPlanner.count(root, limit: limit) == min(limit, 57), "limit \(limit)")
        }
        #expect(root.knownLayerCount == 57, "a whole count is remembered")
    }
}
