import Foundation
import Lamina
import LaminaCPU
import Testing

/// The retained tree: identity, tree operations, transactions, export, and damage from its change marks.
@Suite("Retained layer tree", .serialized)
struct LayerTreeTests {
    func sampleScene() -> Scene {
        var mutator = SceneMutator(seed: 7, width: 120, height: 90)
        return mutator.scene()
    }

    @Test("Tree operations keep identity and superlayers; a scene round-trips through a tree")
    func operations() throws {
        let scene = sampleScene()
        let tree = LayerTree(scene: scene)
        #expect(tree.scene == scene)
        let a = LiveLayer(name: "a"), b = LiveLayer(name: "b")
        tree.root.addSublayer(a)
        tree.root.insertSublayer(b, at: 0)
        #expect(tree.root.sublayers.first === b && tree.root.sublayers.last === a)
        #expect(a.superlayer === tree.root && a.tree === tree)
        a.addSublayer(b)
        #expect(b.superlayer === a && !tree.root.sublayers.contains { $0 === b })
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil && a.sublayers.isEmpty && b.tree == nil)
        a.mask = b
        #expect(b.maskedLayer === a && tree.scene.root.sublayers.last?.mask?.name == "b")
        b.removeFromSuperlayer()
        #expect(a.mask == nil)
        a.opacity = 0.5
        a.position = Point(3, 4)
        #expect(tree.scene.root.sublayers.last?.opacity == 0.5 && tree.scene.root.sublayers.last?.position == Point(3, 4))
    }

    @Test("Changes inside a transaction appear together after its commit")
    func transactions() throws {
        let tree = LayerTree(scene: sampleScene())
        _ = tree.nextFrame()
        let first = tree.root.sublayers[0], second = tree.root.sublayers[1]
        tree.begin()
        first.backgroundColor = .black
        second.position = Point(50, 40)
        let during = tree.nextFrame()
        #expect(during.damage.isEmpty)
        #expect(during.scene.root.sublayers[0].backgroundColor != .black)
        #expect(during.scene.root.sublayers[1].position != Point(50, 40))
        tree.commit()
        let after = tree.nextFrame()
        #expect(after.scene.root.sublayers[1].position == Point(50, 40))
        #expect(after.scene.root.sublayers[0].backgroundColor == .black)
        #expect(!after.damage.isEmpty)
        #expect(tree.nextFrame().damage.isEmpty)
    }

    @Test("200 random edits through the tree: each frame drawn from the tree's damage equals a full redraw")
    func randomEdits() throws {
        let seed = ProcessInfo.processInfo.environment["LAMINA_PROPERTY_SEED"].flatMap(UInt64.init) ?? 99
        var rng = SplitMix64(seed: seed)
        let tree = LayerTree(scene: sampleScene())
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 2), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        var all: [LiveLayer] { var out: [LiveLayer] = []; var stack = [tree.root]; while let l = stack.popLast() { out.append(l); stack += l.sublayers }; return out }
        var redrawn = 0
        for step in 0..<200 {
            let layers = all
            let l = layers.randomElement(using: &rng)!
            let op = Int.random(in: 0..<9, using: &rng)
            if step % 10 == 0 { tree.begin() }
            switch op {
            case 0: l.position = Point(l.position.x + Double.random(in: -20...20, using: &rng), l.position.y)
            case 1: l.opacity = Double.random(in: 0...1, using: &rng)
            case 2: l.backgroundColor = Color(red: .random(in: 0...1, using: &rng), green: 0.5, blue: 0.2)
            case 3 where l !== tree.root: l.removeFromSuperlayer()
            case 4:
                let n = LiveLayer(name: "n\(step)")
                n.setFrame(Rect(.random(in: 0...100, using: &rng), .random(in: 0...70, using: &rng), 20, 15))
                n.backgroundColor = .black
                n.shadowOpacity = 0.8
                l.insertSublayer(n, at: Int.random(in: 0...l.sublayers.count, using: &rng))
            case 5: l.isHidden.toggle()
            case 6:
                let m = LiveLayer(name: "m\(step)")
                m.setFrame(Rect(0, 0, 15, 15))
                m.backgroundColor = .black
                l.mask = l.mask == nil ? m : nil
            case 7: l.shadowOpacity = l.shadowOpacity > 0 ? 0 : 0.7; l.shadowRadius = 4
            default: l.shouldRasterize.toggle()
            }
            if step % 10 == 3 { tree.commit() }
            let frame = try renderer.render(tree)
            let full = try Harness.render(tree.committedScene, on: "cpu")
            let diff = IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), full)
            #expect(diff <= 1, "seed \(seed), step \(step), op \(op): tree frame differs from a full redraw by \(diff)/255")
            if diff > 1 { return }
            redrawn += frame.damage.area
        }
        print("seed \(seed): frames redrew \(redrawn) px, \(redrawn * 100 / (200 * 120 * 90)) % of 200 whole frames")
        #expect(seed != 99 || redrawn < 200 * 120 * 90 / 2, "the default seed's edits redraw under half the canvas")
    }

    @Test("Animations added by key play at the clock's time; each frame equals a full redraw of the presentation")
    func animations() throws {
        let tree = LayerTree(scene: sampleScene())
        let clock = ManualFrameClock(0)
        tree.clock = clock
        let card = tree.root.sublayers[1], other = tree.root.sublayers[2]
        try card.add(Animation(keyPath: .position, from: .point(Point(10, 10)), to: .point(Point(100, 60))), forKey: "move")
        try other.add(Animation(keyPath: .opacity, from: .number(1), to: .number(0.2)), forKey: "fade")
        try other.add(Animation(keyPath: .opacity, from: .number(1), to: .number(0.5)), forKey: "fade")
        #expect(other.animationKeys == ["fade"] && other.properties.animations.count == 1)
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 2), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        for step in 0..<12 {
            if step == 8 { card.removeAnimation(forKey: "move") }
            if step == 10 { other.removeAllAnimations() }
            let frame = try renderer.render(tree)
            let reference = try Harness.render(tree.committedScene.presentation(at: clock.now), on: "cpu")
            #expect(IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), reference) <= 1, "step \(step)")
            if step > 0 && step < 8 { #expect(!frame.damage.isEmpty && frame.damage.fraction < 1) }
            clock.advance(by: 0.02)
        }
        #expect(try renderer.render(tree).damage.isEmpty)
    }
}
