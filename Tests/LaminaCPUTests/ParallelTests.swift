import Lamina
import Testing
@testable import LaminaCPU
#if canImport(Glibc)
import Glibc
#endif

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

    @Test func repeatedFramesReuseBuffersAndGiveTheSameResult() throws {
        let cpu = CPUBackend(threads: 2)
        let plan = CardPlans.cards(count: 30, width: 400, height: 300)
        let a = try cpu.render(plan)
        let b = try cpu.render(plan)
        #expect(a == b)
    }

    /// The 1000-card benchmark (1920×1080). Disabled: run with
    /// `swift test -c release --filter cardBenchmark` after removing `.disabled`, or read the report.
    @Test(.disabled("benchmark; enable locally in release builds"))
    func cardBenchmark() throws {
        let plan = CardPlans.cards(count: 1000)
        let cpu = CPUBackend()
        _ = try cpu.render(plan)
        var times: [Double] = []
        for _ in 0..<15 {
            var t0 = timespec(), t1 = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t0)
            try cpu.execute(plan)
            clock_gettime(CLOCK_MONOTONIC, &t1)
            times.append(Double(t1.tv_sec - t0.tv_sec) * 1000 + Double(t1.tv_nsec - t0.tv_nsec) / 1e6)
        }
        times.sort()
        print("1000 cards 1920×1080 on \(cpu.threadCount) threads: median \(times[times.count / 2]) ms, min \(times[0]) ms")
    }
}
