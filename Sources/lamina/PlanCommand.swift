import ArgumentParser
import Lamina

/// `lamina plan SCENE.json`: prints the render plan a scene compiles to, as its tree of layers and surfaces.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Print the render plan of a scene (no rendering).")

    @OptionGroup var input: ScenePlanOptions

    @Flag(help: "Print only the counts of each command kind and offscreen reason.")
    var summary = false

    @Flag(help: "Print the commands as a list, with each layer's parts as command indices.")
    var flat = false

    func run() throws {
        try FailureReporting.run {
            let plan = try input.plan()
            print(summary ? PlanSummary(plan).description : flat ? plan.flatDescription : plan.description)
        }
    }
}
