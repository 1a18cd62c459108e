import Foundation
import Lamina
import LaminaCPU
import Testing

/// A canvas of a hundred overlapping sublayers, where damage and the planner find the few in a damage rect
/// through the layers' sublayer index instead of measuring each: every incremental frame must still equal a
/// full redraw while sublayers move, turn, hide, change zPosition or grow shadows — from scene values, and
/// through a retained tree whose animations play at a clock (the presentation takes the index over from the
/// model).
@Suite("Incremental frames over many sublayers", .serialized)
struct ManySublayersTests {
    static func tile(_ i: Int, seed: UInt64) -> Layer {
        var rng = SplitMix64(seed: seed &+ UInt64(i))
        return Harness.layer(Rect(Double.random(in: -20...300, using: &rng), Double.random(in: -20...190, using: &rng),
                                  Double.random(in: 6...40, using: &rng), Double.random(in: 6...30, using: &rng))) {
            $0.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: Double(i % 3) / 3, alpha: i % 6 == 0 ? 0.6 : 1)
            $0.cornerRadius = Double(i % 4) * 2
            if i % 3 == 0 { $0.shadowOpacity = 0.6; $0.shadowRadius = 3; $0.shadowOffset = Size(1, 2) }
            if i % 8 == 0 { $0.borderWidth = 1.5; $0.borderColor = .black }
            if i % 10 == 0 { $0.affineTransform = .rotation(0.3) }
            if i % 9 == 0 { $0.zPosition = 1 }
        }
    }

    /// Frame `n` of `tiles` (one array, so that unchanged tiles keep their storage from frame to frame, as
    /// an app's scenes do): three tiles changed, frame 2 reordering them by zPosition.
    static func scene(frame n: Int, tiles: [Layer], seed: UInt64) -> Scene {
        var tiles = tiles
        var rng = SplitMix64(seed: seed &* 31 &+ UInt64(n))
        for _ in 0..<(n == 0 ? 0 : 3) {
            let i = Int.random(in: 0..<tiles.count, using: &rng)
            switch n == 2 ? 4 : Int.random(in: 0..<4, using: &rng) {
            case 0: tiles[i].position = Point(tiles[i].position.x + Double(n) * 4, tiles[i].position.y + 2)
            case 1: tiles[i].isHidden = true
            case 2: tiles[i].affineTransform = .rotation(Double(n) * 0.2)
            case 3: tiles[i].shadowOpacity = 1; tiles[i].shadowRadius = 6
            default: tiles[i].zPosition = Double(Int.random(in: -1...2, using: &rng))
            }
        }
        return Harness.scene(320, 200, tiles)
    }

    @Test("scene frames changing a few of 120 sublayers equal full redraws", arguments: Harness.backends)
    func sceneFrames(_ name: String) throws {
        for seed: UInt64 in [1] {
            let tiles = (0..<120).map { Self.tile($0, seed: seed) }
            let damages = try Harness.expectIncrementalEqualsFull(on: name, frames: 4) { Self.scene(frame: $0, tiles: tiles, seed: seed) }
            #expect(damages.dropFirst().allSatisfy { $0.fraction < 0.9 }, "the frames redraw a part, seed \(seed)")
        }
    }

    @Test("a tree of 120 sublayers with animations played at a clock: each frame equals a full redraw of its presentation")
    func treeAnimations() throws {
        let tree = LayerTree(scene: Self.scene(frame: 0, tiles: (0..<120).map { Self.tile($0, seed: 3) }, seed: 3))
        let clock = ManualFrameClock(0)
        tree.clock = clock
        let layers = tree.root.sublayers
        try layers[17].add(Animation(keyPath: .position, from: .point(Point(20, 20)), to: .point(Point(280, 150)), duration: 1), forKey: "move")
        try layers[90].add(Animation(keyPath: .opacity, from: .number(1), to: .number(0.1), duration: 1), forKey: "fade")
        try layers[33].add(Animation(keyPath: .shadowRadius, from: .number(1), to: .number(9), duration: 1), forKey: "blur")
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 2), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        for step in 0..<7 {
            if step == 3 { layers[60].position = Point(160, 100) }
            if step == 4 { layers[100].zPosition = 3 }
            if step == 5 { layers[17].removeAnimation(forKey: "move") }
            let frame = try renderer.render(tree)
            let reference = try Harness.render(tree.committedScene.presentation(at: clock.now), on: "cpu")
            let diff = IncrementalPropertyTests.maxDifference(try #require(frame.bitmap), reference)
            #expect(diff == 0, "step \(step): differs from a full redraw by \(diff)/255")
            if step > 0 { #expect(frame.damage.fraction < 0.9, "step \(step) redraws a part") }
            clock.advance(by: 0.1)
        }
    }
}
