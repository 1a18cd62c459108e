import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// Incremental frames (damage tracking and partial redraw) against full redraws, on random scene edits.
@Suite("Incremental rendering", .serialized)
struct IncrementalPropertyTests {
    /// The seed of the property run; `LAMINA_PROPERTY_SEED` replays another one.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["LAMINA_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_125
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    @Test("500 random mutations: every incremental frame equals a full redraw on both backends")
    func randomMutations() throws {
        let seed = Self.seed
        var mutator = SceneMutator(seed: seed, width: 96, height: 72)
        var scene = mutator.scene()
        let renderers = try ["cpu": IncrementalRenderer(backend: CPUBackend(threads: 2), budget: nil),
                             "gpu": IncrementalRenderer(backend: Harness.freshGPU(), budget: nil)]
        for renderer in renderers.values { renderer.redrawPolicy = .alwaysLimited }
        var damagedPixels = 0, frames = 0
        for step in 0...500 {
            let what = step == 0 ? "first frame" : mutator.mutate(&scene)
            for name in Harness.backends {
                let frame = try renderers[name]!.render(scene)
                let full = try Harness.render(scene, on: name)
                let incremental = try #require(frame.bitmap)
                let diff = Self.maxDifference(incremental, full)
                #expect(diff <= 1, "seed \(seed), step \(step) (\(what)), \(name): incremental frame differs from a full redraw by \(diff)/255; damage \(frame.damage)")
                if diff > 1 { return }
                if name == "cpu" { damagedPixels += frame.damage.area; frames += 1 }
            }
        }
        let share = Double(damagedPixels) / Double(frames * 96 * 72)
        #expect(share < 0.9, "seed \(seed): damage covered \(share) of the canvas on average; it should track changes, not redraw everything")
    }

    @Test("An unchanged scene redraws nothing; a moved layer redraws its old and new place only")
    func damageFollowsChange() throws {
        var card = Harness.layer(Rect(10, 10, 20, 20)) { $0.backgroundColor = .black }
        card.name = "card"
        let before = Harness.scene(200, 100, [card])
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 1), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        var history = DamageHistory()
        for expected in [1.0, 0] {
            let damage = try renderer.render(before).damage
            #expect(damage.fraction == expected)
            history.append(damage)
        }
        card.position.x += 100
        let after = Harness.scene(200, 100, [card])
        let frame = try renderer.render(after)
        history.append(frame.damage)
        #expect(frame.damage.area < 2 * 26 * 26)
        #expect(frame.damage.area >= 2 * 20 * 20)
        #expect(Self.maxDifference(try #require(frame.bitmap), try Harness.render(after, on: "cpu")) == 0)
        #expect(history.damage(forBufferAge: 3)?.area == DamageRegion.full(width: 200, height: 100).area)
        #expect(history.damage(forBufferAge: 2) == frame.damage)
        #expect(history.damage(forBufferAge: 1) == frame.damage)
        #expect(history.damage(forBufferAge: 9) == nil)
    }

    @Test("frames drawn whole reuse the plan of an unchanged scene, and incremental frames after them redraw only the change")
    func wholeThenIncremental() throws {
        var card = Harness.layer(Rect(20, 20, 40, 40)) { $0.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9) }
        let before = Harness.scene(200, 100, [card])
        let renderer = IncrementalRenderer(backend: CPUBackend(threads: 1), budget: nil)
        renderer.redrawPolicy = .alwaysLimited
        let first = try #require(try renderer.renderWhole(before))
        let reference = try Harness.render(before, on: "cpu")
        #expect(!renderer.lastTimings.planReused && Self.maxDifference(first, reference) == 0)
        _ = try renderer.renderWhole(before, readBack: false)
        #expect(renderer.lastTimings.planReused && renderer.lastTimings.plan == 0)
        card.position.x += 100
        let after = Harness.scene(200, 100, [card])
        let frame = try renderer.render(after)
        #expect(frame.damage.fraction > 0 && frame.damage.fraction < 0.2, "only the card's old and new places")
        #expect(Self.maxDifference(try #require(frame.bitmap), try Harness.render(after, on: "cpu")) == 0)
    }
}
