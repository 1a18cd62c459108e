import Foundation
import Testing
@testable import Lamina

/// `LargeStack.run(levels:)` and `Layer.depth`: shallow trees are walked on the calling thread, deep
/// ones on a thread with a large stack, and the estimate of stack per level holds.
@Suite("Walking trees on the right stack")
struct LargeStackTests {
    /// A chain of `levels` layers, each a group, every other one masked, the top one with a content-shaped
    /// shadow (which plans the whole chain once more below it): the deepest recursion per level the
    /// planner, the sampler and the damage walk have (nested content-shaped shadows would double the
    /// plan per level instead).
    static func chain(_ levels: Int) -> Layer {
        var layer = PlannerTests.layer(Rect(2, 2, 20, 20)) { $0.backgroundColor = .white }
        for level in 1..<levels {
            let inner = layer
            layer = PlannerTests.layer(Rect(0, 0, 30, 30)) {
                $0.sublayers = [inner]
                $0.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
                $0.opacity = 0.9
                if level == levels - 1 { $0.shadowOpacity = 0.5; $0.shadowRadius = 1 }
                if level % 2 == 0 { $0.mask = PlannerTests.layer(Rect(0, 0, 28, 28)) { $0.backgroundColor = .black; $0.cornerRadius = 6 } }
            }
        }
        return layer
    }

    @Test("depth counts levels, masks as a level below their layer, and follows changes")
    func depth() {
        #expect(Layer().depth == 1)
        let leaf = Layer()
        var middle = Layer()
        middle.sublayers = [leaf, leaf]
        var root = Layer()
        root.sublayers = [leaf, middle]
        #expect(root.depth == 3)
        root.mask = middle
        #expect(root.depth == 3)
        root.mask = root
        #expect(root.depth == 4)
        root.sublayers[1].mask = middle
        #expect(root.depth == 4)
        root.sublayers[1].sublayers[0].sublayers = [middle]
        #expect(root.depth == 5)
        root.sublayers = []
        #expect(root.depth == 4, "its mask is the old root")
        root.mask = nil
        #expect(root.depth == 1)
    }

    @Test("a shallow tree is walked on the calling thread, one deeper than its stack allows on another")
    func choosesTheThread() throws {
        let caller = pthread_self()
        let shallow = try LargeStack.run(levels: 10) { pthread_equal(pthread_self(), caller) != 0 }
        #expect(shallow)
        let tooDeep = LargeStack.remainingStack() / LargeStack.bytesPerLevel + 1
        let deep = try LargeStack.run(levels: tooDeep) { pthread_equal(pthread_self(), caller) != 0 }
        #expect(!deep)
    }

    @Test("the deepest tree run on a 4 MiB thread's own stack is sampled, compared and planned there without overflowing")
    func estimateHolds() throws {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<(levels: Int, inline: Bool, commands: Int), Error>?
        let thread = Thread {
            outcome = Result {
                let levels = (LargeStack.remainingStack() - LargeStack.reserve) / LargeStack.bytesPerLevel
                var root = Self.chain(levels)
                root.animations = [Animation(keyPath: .opacity, from: .number(0.2), to: .number(0.8), duration: 1)]
                let scene = Scene(width: 64, height: 64, root: root)
                let caller = pthread_self()
                let result = try LargeStack.run(levels: scene.root.depth) { () throws -> (Bool, Int) in
                    let still = scene.presentation(at: 0.5)
                    _ = SceneDamage.between(Scene(width: 64, height: 64, root: Self.chain(levels)), still)
                    let plan = try RenderPlanner.plan(still)
                    return (pthread_equal(pthread_self(), caller) != 0, plan.commands.count)
                }
                return (levels, result.0, result.1)
            }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        let (levels, inline, commands) = try #require(outcome).get()
        #expect(levels > 20)
        #expect(inline)
        #expect(commands > levels)
    }
}
