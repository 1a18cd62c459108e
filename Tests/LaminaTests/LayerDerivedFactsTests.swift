import Testing
@testable import Lamina

/// What a layer remembers about its subtree (whether it animates, how many layers it has) follows every
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
}
