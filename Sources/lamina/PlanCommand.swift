import ArgumentParser
import Lamina

/// `lamina plan SCENE.json`: prints the render plan a scene compiles to, as its tree of layers and surfaces.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Print the render plan of a scene (no rendering).")

    @Argument(help: "The scene JSON file ('-' for standard input).")
    var scene: String

    @Option(help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    @Flag(help: "Print only the counts of each command kind and offscreen reason.")
    var summary = false

    @Flag(help: "Print the commands as a list, with each layer's parts as command indices.")
    var flat = false

    @OptionGroup var memory: MemoryLimitOption

    func run() throws {
        try FailureReporting.run {
            let plan = try SceneLoading.plan(try SceneLoading.load(scene, scale: scale, assets: nil, budget: memory.budget))
            print(summary ? PlanSummary(plan).description : flat ? plan.flatDescription : plan.description)
        }
    }
}
