import ArgumentParser
import Lamina
import LaminaGLES

/// `lamina info`: which headless EGL platform was chosen and what GL it offers.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show the EGL platform, vendor, GL renderer and limits, and which backend --backend auto picks.")

    func run() throws {
        try FailureReporting.run {
            let backend = try GLESBackend(options: .fromEnvironment)
            print(backend.info.description)
            let auto = AutoBackend.decide(renderer: backend.info.renderer, opened: nil)
            print("backend auto: \(auto.name) (\(auto.reason))")
            print("incremental redraw: \(RedrawPolicy.standard)")
        }
    }
}
