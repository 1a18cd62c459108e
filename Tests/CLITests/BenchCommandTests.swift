import Foundation
import Testing

/// `lamina bench --json` end to end: a row per backend with the timings, CPU time, plan times and memory.
@Suite struct BenchCommandTests {
    struct Stats: Decodable {
        let median: Double, min: Double, max: Double
        var ordered: Bool { min <= median && median <= max }
    }

    struct Row: Decodable {
        let scene: String, backend: String
        let width: Int, height: Int
        let frameMs: Stats, executeMs: Stats, cpuMs: Stats
        let firstPlanMs: Double, secondPlanMs: Double, peakRSSMB: Double
    }

    @Test func jsonHasARowPerBackendWithCPUTime() throws {
        let r = try CLIRunner.run(["bench", "listing-4.1-corner-radius.json", "--backend", "both", "--frames", "3",
                                   "--warmup", "1", "--json"], in: CommandTests.examples, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try JSONDecoder().decode([Row].self, from: Data(r.stdout.utf8))
        #expect(rows.map(\.backend) == ["gpu", "cpu"], "\(r.stdout)")
        for row in rows {
            #expect(row.scene == "listing-4.1-corner-radius.json")
            #expect(row.width > 0 && row.height > 0)
            #expect(row.frameMs.min > 0 && row.frameMs.ordered, "\(row.frameMs)")
            #expect(row.executeMs.min > 0 && row.executeMs.ordered, "\(row.executeMs)")
            #expect(row.cpuMs.max > 0 && row.cpuMs.ordered, "\(row.cpuMs)")
            #expect(row.firstPlanMs > 0)
            #expect(row.secondPlanMs == 0, "an unchanged scene is planned once")
            #expect(row.peakRSSMB > 0)
        }
    }

    @Test func tableHasTheCPUTimeColumn() throws {
        let r = try CLIRunner.run(["bench", "listing-4.1-corner-radius.json", "--backend", "cpu", "--frames", "2",
                                   "--warmup", "0"], in: CommandTests.examples, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.contains("cpu ms") == true, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("listing-4.1-corner-ra") && $0.contains(" cpu ") }, "\(r.stdout)")
    }
}
