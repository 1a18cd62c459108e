import ArgumentParser

/// The `lamina` command: renders Core Animation-style layer scenes with OpenGL ES 3 or on the CPU.
@main
struct LaminaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Render Core Animation-style layer trees with OpenGL ES 3 on headless EGL, or on the CPU.",
        subcommands: [RenderCommand.self, PlanCommand.self, InfoCommand.self, DiffCommand.self, BenchCommand.self,
                      GalleryCommand.self, ClockCommand.self, AssetsCommand.self, ChartCommand.self, SoakCommand.self,
                      ServeCommand.self])
}
