import Lamina
import Testing
@testable import LaminaCPU

@Suite struct ParallelTests {
    @Test func bandParallelEqualsSingleThreaded() throws {
        let plan = CardPlans.cards(count: 40, width: 420, height: 300)
        let single = try CPUBackend(threads: 1).render(plan)
        for threads in [2, 3, 8] {
            let multi = try CPUBackend(threads: threads).render(plan)
            #expect(multi == single, "\(threads) threads")
        }
        #expect(single[1, 1] != single[20, 20])
    }

    /// A run is split into one band per `pixelsPerBand` pixels its commands cover, at most four per thread
    /// and one per row: small offscreens are drawn on the calling thread.
    @Test func bandsFollowTheWork() {
        let target = PixelBuffer(width: 420, height: 300)
        let unit = CPUBackend.pixelsPerBand
        #expect(CPUBackend.bands(for: [(0, 0, 52, 40)], target: target, threads: 2) == max(1, 52 * 40 / unit))
        #expect(CPUBackend.bands(for: [(0, 0, 64, 64), (0, 0, 64, 64), (10, 10, 74, 74)], target: target, threads: 2)
                == 3 * 64 * 64 / unit)
        #expect(CPUBackend.bands(for: [(-100, -100, 1000, 1000)], target: target, threads: 2) == 8)
        #expect(CPUBackend.bands(for: [(-100, -100, 1000, 1000)], target: target, threads: 1) == 1)
        #expect(CPUBackend.bands(for: Array(repeating: (0, 0, 420, 3), count: 20), target: PixelBuffer(width: 420, height: 3), threads: 8) == 3)
        #expect(CPUBackend.bands(for: [(500, 0, 600, 300)], target: target, threads: 2) == 1)
    }

    /// A run's visibility pass covers the rows and columns its commands reach; any thread count draws the same.
    @Test func visibilityCoversWhatTheCommandsReach() throws {
        let target = PixelBuffer(width: 420, height: 300)
        let reach = try #require(CPUBackend.reach(of: [(30, 250, 90, 260), (-20, 280, 60, 400), (5, 5, 5, 90)], target: target))
        #expect(reach.rows == 250..<300 && reach.columns == 0..<90)
        #expect(CPUBackend.reach(of: [(430, 0, 500, 10), (0, 0, 0, 0)], target: target) == nil)
        let plan = CardPlans.cards(count: 30, width: 400, height: 300)
        let single = try CPUBackend(threads: 1).render(plan)
        #expect(try CPUBackend(threads: 2).render(plan) == single && CPUBackend(threads: 5).render(plan) == single)
    }

    @Test func repeatedFramesReuseBuffersAndGiveTheSameResult() throws {
        let cpu = CPUBackend(threads: 2)
        let plan = CardPlans.cards(count: 30, width: 400, height: 300)
        let a = try cpu.render(plan)
        let b = try cpu.render(plan)
        #expect(a == b)
    }
}
