import ArgumentParser
import Lamina

/// `--memory-limit SIZE`: what one render may hold (decoded images, path masks, offscreens, the canvas).
struct MemoryLimitOption: ParsableArguments {
    @Option(name: .customLong("memory-limit"),
            help: "Memory one render may use, e.g. 512M or 2G (default: a quarter of the machine's or container's memory).")
    var memoryLimit: String?

    func validate() throws {
        if let m = memoryLimit, MemoryBudget.parse(m) == nil {
            throw ValidationError("--memory-limit: expected a size such as 512M or 2G, got \"\(m.prefix(40))\"")
        }
    }

    /// The budget: the option's, else `MemoryBudget.machineDefault`.
    var budget: MemoryBudget { memoryLimit.flatMap(MemoryBudget.parse) ?? .machineDefault }
}
