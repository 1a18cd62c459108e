import ArgumentParser
import Foundation
import Lamina
import LaminaPNG

/// `lamina chart RESULTS.json -o OUT.png`: draws benchmark results (the JSON of `lamina bench --json`,
/// possibly with peer rows added by tools/bench-peers) as a bar chart.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart", abstract: "Draw benchmark results JSON as a bar chart PNG.")

    @Argument(help: "A JSON array of results as printed by `lamina bench --json`.") var results: String
    @Option(name: .shortAndLong, help: "The PNG to write.") var output: String

    func run() throws {
        try FailureReporting.run {
            try OutputFile.check(output)
            let data: Data
            do { data = Data(try InputFile.read(results, limit: Limits.maxDocumentBytes)) } catch {
                throw RenderError(.badInput, "\(results): cannot read: \(error)")
            }
            let rows: [BenchResult]
            do { rows = try JSONDecoder().decode([BenchResult].self, from: data) } catch {
                throw RenderError(.badInput, "\(results): expected a JSON array of bench results (\(error))")
            }
            try PNGEncoder.write(try BenchChart.render(rows), to: output)
        }
    }
}
