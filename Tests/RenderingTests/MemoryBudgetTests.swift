import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// One render, one memory budget: offscreens live only until their last reader, masks and images are
/// counted before they are made, and a scene that cannot fit is refused as bad input.
@Suite(.serialized) struct MemoryBudgetTests {
    /// `count` masked layers of `side` points in a row, each masked by a rounded rect.
    static func maskedRow(count: Int, side: Double) -> Scene {
        let layers = (0..<count).map { i in
            Harness.layer(Rect(Double(i % 8) * side, Double(i / 8) * 2, side, side)) {
                $0.backgroundColor = Color(red: Double(i % 7) / 7, green: 0.5, blue: 0.2)
                $0.mask = Harness.layer(Rect(0, 0, side, side)) { m in
                    m.backgroundColor = .black
                    m.cornerRadius = side / 3
                }
            }
        }
        return Harness.scene(side * 8, side + Double(count / 8) * 2 + 1, layers)
    }

    @Test func offscreensLiveUntilTheirLastReader() throws {
        let plan = try RenderPlanner.plan(MemoryBudgetTests.maskedRow(count: 120, side: 128))
        let all = plan.offscreens.reduce(0) { $0 + $1.width * $1.height * 4 }
        let pair = 2 * 128 * 128 * 4
        #expect(plan.offscreens.count == 240)
        let peak = try MemoryNeeds(plan).offscreens
        #expect(peak == pair, "peak \(peak) of \(all)")
        #expect(try SurfaceTree(plan).surfaces.allSatisfy { $0.lastRead != nil })
    }

    @Test func cpuReleasesOffscreensAndDrawsTheSamePixels() throws {
        let scene = MemoryBudgetTests.maskedRow(count: 240, side: 224)
        let plan = try RenderPlanner.plan(scene)
        let all = plan.offscreens.reduce(0) { $0 + $1.width * $1.height * 4 }
        let cpu = CPUBackend()
        let pixels = try cpu.render(plan)
        #expect(all > 90 << 20)
        #expect(cpu.peakOffscreenBytes < 72 << 20, "peak \(cpu.peakOffscreenBytes) of \(all)")
        let gpu = try Harness.render(scene, on: "gpu")
        let d = try #require(BitmapDifference(pixels, gpu))
        #expect(d.maxChannel <= 2)
    }

    @Test func planRefusesWhatDoesNotFit() throws {
        let scene = MemoryBudgetTests.maskedRow(count: 16, side: 256)
        let needs = try MemoryNeeds(try RenderPlanner.plan(scene))
        #expect(throws: RenderError.self) { try RenderPlanner.plan(scene, budget: MemoryBudget(bytes: needs.total - 1)) }
        _ = try RenderPlanner.plan(scene, budget: MemoryBudget(bytes: needs.total))
        do {
            _ = try RenderPlanner.plan(scene, budget: MemoryBudget(bytes: 1 << 20))
        } catch let e as RenderError {
            #expect(e.kind == .badInput)
            #expect(e.message.hasPrefix("the render needs "), "\(e.message)")
            #expect(e.message.contains("the memory limit is 1 MiB (--memory-limit)"), "\(e.message)")
        }
    }

    @Test func pathMasksAreCountedBeforeTheyAreMade() throws {
        let layers = (0..<400).map { _ in
            Harness.layer(Rect(0, 0, 1000, 1000)) {
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
                $0.shadowPath = .ellipse(Rect(0, 0, 1000, 1000))
            }
        }
        let scene = Harness.scene(1000, 1000, layers)
        do {
            _ = try RenderPlanner.plan(scene, budget: MemoryBudget(bytes: 64 << 20))
            Issue.record("400 path masks of 1 MB each planned within 64 MiB")
        } catch let e as RenderError {
            #expect(e.message.contains("commands and their path masks; the memory limit is 64 MiB"), "\(e.message)")
        }
    }

    /// `depth` layers, each casting a content-shaped shadow and holding the next and a small square.
    static func shadowChain(depth: Int) -> Scene {
        var layer = Harness.layer(Rect(0, 0, 100, 100)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }
        for _ in 0..<depth {
            let inner = layer
            layer = Harness.layer(Rect(1, 1, 100, 100)) {
                $0.shadowOpacity = 1
                $0.shadowRadius = 5
                $0.cornerRadius = 3
                $0.borderWidth = 1
                $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
                $0.sublayers = [inner, Harness.layer(Rect(2, 2, 50, 50)) { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) }]
            }
        }
        return Harness.scene(200, 200, [layer])
    }

    @Test func nestedContentShadowsCannotDoubleWithoutBound() throws {
        let start = Date()
        do {
            _ = try RenderPlanner.plan(MemoryBudgetTests.shadowChain(depth: 24))
            Issue.record("a plan of 2^24 commands was made")
        } catch let e as RenderError {
            #expect(e.kind == .badInput)
            #expect(e.message.contains("the limit is 16 per layer"), "\(e.message)")
        }
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(try RenderPlanner.plan(MemoryBudgetTests.shadowChain(depth: 6)).commands.count > 500)
    }

    @Test func sizesParseAndPrint() {
        #expect(MemoryBudget.parse("512M")?.bytes == 512 << 20)
        #expect(MemoryBudget.parse("1.5GiB")?.bytes == 3 << 29)
        #expect(MemoryBudget.parse("2g")?.bytes == 2 << 30)
        #expect(MemoryBudget.parse("4096")?.bytes == 4096)
        #expect(MemoryBudget.parse("-1M") == nil && MemoryBudget.parse("lots") == nil && MemoryBudget.parse("1e30") == nil)
        #expect(MemoryBudget(bytes: 3 << 29).description == "1.5 GiB")
        #expect(MemoryBudget.machineDefault.bytes > 0)
        #expect(MemoryBudget.machineDefault.bytes <= MemoryBudget.availableMemory())
    }
}
