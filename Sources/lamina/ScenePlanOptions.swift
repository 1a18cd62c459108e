import ArgumentParser
import Lamina

/// A scene file, its scale and the memory one render may use: what the commands that print how a scene is
/// drawn (`plan`, `frame`) read, and the plan they read it into.
struct ScenePlanOptions: ParsableArguments {
    @Argument(help: "The scene JSON file ('-' for standard input).")
    var scene: String

    @Option(help: "Pixels per point; overrides the scene's scale.")
    var scale: Double?

    @OptionGroup var memory: MemoryLimitOption

    /// The scene's render plan.
    func plan() throws -> RenderPlan {
        try SceneLoading.plan(try SceneLoading.load(scene, scale: scale, assets: nil, budget: memory.budget))
    }
}
