import ArgumentParser
import Lamina
import LaminaText

/// The `lamina` command: renders Core Animation-style layer scenes with OpenGL ES 3 or on the CPU.
@main
struct LaminaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Render Core Animation-style layer trees with OpenGL ES 3 on headless EGL, or on the CPU.",
        subcommands: subcommands)

    /// Every subcommand; `serve` only with the package's Server trait (on by default).
    static var subcommands: [any ParsableCommand.Type] {
        var all: [any ParsableCommand.Type] = [RenderCommand.self, PlanCommand.self, FrameCommand.self, InfoCommand.self, DiffCommand.self, BenchCommand.self,
                                               GalleryCommand.self, ClockCommand.self, AssetsCommand.self, ChartCommand.self, SoakCommand.self]
        #if Server
        all.append(ServeCommand.self)
        #endif
        return all + [BenchEncodeCommand.self, ShowCommand.self]
    }

    /// Parses and runs a subcommand. Help and version requests print as usual (exit 0); an argument
    /// error (unknown option, bad value, missing argument, a failed `validate()`) is one line
    /// `error: …` on stderr with exit code 1, the code of all bad input.
    static func main() async {
        TextStack.install(warnings: { FailureReporting.warn($0) })
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FailureReporting.fail(usageHint(message(for: error), fullMessage(for: error)), code: FailureKind.badInput.exitCode)
        }
    }

    /// The parser's message with "see 'lamina SUBCOMMAND --help'" taken from its full text.
    private static func usageHint(_ message: String, _ full: String) -> String {
        var text = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        if let see = full.split(separator: "\n").first(where: { $0.contains("See '") }),
           let start = see.firstIndex(of: "'"), let end = see.lastIndex(of: "'"), start < end {
            text += " (see \(see[start...end]))"
        }
        return text
    }
}
