import Benchmark
import Foundation
import Lamina
import LaminaCPU
import LaminaText

/// Scene decoding, planning, the closed-form shadow, path rasterization and the CPU backend's blur and
/// frame, each on fixed inputs. `lamina bench` measures whole frames against Skia; these isolate stages.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(3), maxIterations: 200)

    let cardsJSON = CardsScene.json(cards: 1000)
    let cards = try! SceneDecoder().decode(cardsJSON, fileName: "cards-1000")

    let textLabels = try! TextLabels()
    Benchmark("text: shape and lay out 200 labels (≈ 8 800 glyphs)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(textLabels.layOut())
        }
    }

    Benchmark("decode cards-1000 JSON") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try SceneDecoder().decode(cardsJSON, fileName: "cards-1000"))
        }
    }

    Benchmark("plan cards-1000") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try RenderPlanner.plan(cards))
        }
    }

    Benchmark("hit test cards-1000 at 1000 points") { benchmark in
        let points = (0..<1000).map { Point(Double($0 % 40) / 40 * cards.width, Double($0 / 40) / 25 * cards.height) }
        for _ in benchmark.scaledIterations {
            var hits = 0
            for p in points where cards.root.hitTest(p) != nil { hits += 1 }
            blackHole(hits)
        }
    }

    Benchmark("shadow coverage 168×128 grid (σ 6, r 12)") { benchmark in
        let shape = RoundedRect(rect: Rect(0, 0, 120, 80), cornerRadius: 12)
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for j in 0..<128 {
                for i in 0..<168 { sum += ShadowMath.coverage(at: Point(Double(i) - 24, Double(j) - 24), of: shape, sigma: 6) }
            }
            blackHole(sum)
        }
    }

    Benchmark("path mask: 40-point star, 512×512") { benchmark in
        let path = Path.svg(try SVGPath.parse(StarPath.svg(points: 40, radius: 250, center: 256)), fillRule: .nonZero)
        let rect = PixelRect(x: 0, y: 0, width: 512, height: 512)
        for _ in benchmark.scaledIterations {
            blackHole(PathRasterizer.mask(for: path, transform: .identity, in: rect))
        }
    }

    let blurScene = try! SceneDecoder().decode(BlurScene.json, fileName: "blurred-shadows")
    let blurPlan = try! RenderPlanner.plan(blurScene)
    Benchmark("CPU frame: 12 blurred path shadows (σ 8…52), 1 thread") { benchmark in
        let backend = CPUBackend(threads: 1)
        for _ in benchmark.scaledIterations {
            try backend.execute(blurPlan)
            blackHole(try backend.readBack())
        }
    }

    let cardsPlan = try! RenderPlanner.plan(cards)
    Benchmark("CPU frame: cards-1000, 1 thread", configuration: .init(maxIterations: 30)) { benchmark in
        let backend = CPUBackend(threads: 1)
        for _ in benchmark.scaledIterations {
            try backend.execute(cardsPlan)
            blackHole(try backend.readBack())
        }
    }
}
