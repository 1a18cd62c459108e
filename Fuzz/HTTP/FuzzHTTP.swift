import Foundation
import Lamina
import LaminaCPU
import LaminaServer
import Logging
import ServiceLifecycle

/// A mutation fuzzer for the render service's HTTP layer (not coverage-guided): a real `RenderServer`
/// runs in this process on a loopback port (Hummingbird's NIO pipeline, the CPU backend), and mutated raw
/// requests — heads and bodies, from seeds of every route and scene content — are sent to it over TCP in
/// random pieces. A finding is a 500, an answer that is not HTTP/1.1, a request neither answered nor closed
/// within 15 s, or `/healthz` slower than 1 s; a crash ends the process, and the input being sent is
/// always on disk first (`current-input.bin`).
///
///     swift run -c release FuzzHTTP [SECONDS] [SEED] [ARTIFACTS-FOLDER]
@main
struct FuzzHTTP {
    static func main() async throws {
        let args = CommandLine.arguments
        let seconds = args.count > 1 ? Double(args[1]) ?? 60 : 60
        let seed = args.count > 2 ? UInt64(args[2]) ?? 1 : 1
        let artifacts = URL(fileURLWithPath: args.count > 3 ? args[3] : ".build-fuzz/artifacts/http")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)

        var configuration = RenderServiceConfiguration { _ in CPUBackend(threads: 1) }
        configuration.port = 0
        configuration.defaultBackend = "cpu"
        configuration.availableBackends = ["cpu"]
        configuration.workers = 2
        configuration.maxBodyBytes = 1 << 20
        configuration.memoryBudget = MemoryBudget(bytes: 256 << 20)
        configuration.renderBudget = .seconds(3)
        configuration.headerTimeout = .seconds(1)
        configuration.idleTimeout = .seconds(1)
        configuration.answerCacheBytes = 4 << 20
        var logger = Logger(label: "lamina.fuzz-http")
        logger.logLevel = .critical
        let server = RenderServer(configuration: configuration, logger: logger)
        try server.pool.start()
        let (ports, sink) = AsyncStream<Int>.makeStream()
        let app = server.makeApplication { port in sink.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw FuzzFailure("the server did not start") }

        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Examples")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") && $0 != "index.json" }
            .sorted().map { Array(try Data(contentsOf: examples.appending(path: $0))) }.filter { $0.count < 200_000 }
        let seeds = RequestMutator.seeds(scenes: scenes)
        var mutator = RequestMutator(random: SplitMix64(seed: seed))
        var statuses: [Int: Int] = [:]
        var findings = 0
        var executions = 0
        let deadline = ContinuousClock.now + .seconds(seconds)
        let current = artifacts.appending(path: "current-input.bin")
        while ContinuousClock.now < deadline {
            let request = mutator.mutate(seeds[mutator.random.below(seeds.count)])
            try Data(request).write(to: current)
            let exchange = try RawExchange.send(request, port: port, pieces: 1 + mutator.random.below(4), timeout: 15)
            executions += 1
            statuses[exchange.status ?? 0, default: 0] += 1
            var problem: String?
            if exchange.timedOut { problem = "neither answered nor closed within 15 s" }
            else if !exchange.response.isEmpty && exchange.status == nil { problem = "an answer that is not HTTP/1.1" }
            else if exchange.status == 500 { problem = "500: " + String(decoding: RequestMutator.split(exchange.response).body.prefix(300), as: UTF8.self) }
            if problem == nil, executions % 25 == 0 {
                let start = ContinuousClock.now
                let health = try RawExchange.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: port, pieces: 1, timeout: 5)
                let took = ContinuousClock.now - start
                if health.status != 200 || took > .seconds(1) { problem = "/healthz answered \(health.status ?? 0) after \(took)" }
            }
            if let problem {
                findings += 1
                let file = artifacts.appending(path: "finding-\(seed)-\(executions).bin")
                try Data(request).write(to: file)
                print("fuzz-http: finding \(findings): \(problem) (input: \(file.path))")
            }
        }
        try? FileManager.default.removeItem(at: current)
        let histogram = statuses.keys.sorted().map { "\($0 == 0 ? "closed" : String($0)): \(statuses[$0]!)" }.joined(separator: ", ")
        print("fuzz-http: \(executions) requests in \(Int(seconds)) s (seed \(seed)); answers \(histogram); \(findings) findings")
        await group.triggerGracefulShutdown()
        try await running.value
        if findings > 0 { exit(1) }
    }
}

struct FuzzFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
