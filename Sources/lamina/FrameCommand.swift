import ArgumentParser
import Lamina
import LaminaGLES

/// `lamina frame SCENE.json`: draws a scene once on the GPU and prints the frame it built — its passes, each
/// pass's clears and draws, and its flushes — as the backend issued them.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame", abstract: "Print the GPU frame a scene is drawn as: passes, clears, draws, flushes.")

    @OptionGroup var input: ScenePlanOptions

    @Option(help: "Draw the scene this many times and print the last frame (later frames of the same plan replay recorded draws).")
    var frames = 1

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1, got \(frames)") }
    }

    func run() throws {
        try FailureReporting.run {
            let plan = try input.plan()
            let backend = try GLESBackend(options: .fromEnvironment)
            backend.keepsFrameSteps = true
            for _ in 0..<frames { try backend.execute(plan) }
            print(backend.lastFrameDescription)
        }
    }
}
