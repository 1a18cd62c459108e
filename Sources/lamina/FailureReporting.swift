import ArgumentParser
import Foundation
import Lamina

/// Runs a subcommand body and turns every failure into one line on stderr and the documented exit code:
/// 1 bad input, 2 environment, 3 internal.
enum FailureReporting {
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let e as LaminaFailure {
            fail(e.description, code: e.kind.exitCode)
        } catch let e as ExitCode {
            throw e
        } catch {
            fail("internal error: \(error)", code: FailureKind.internal.exitCode)
        }
    }

    /// Prints `warning: MESSAGE` as one bounded line (control characters escaped); the command goes on.
    @Sendable static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(MessageText.line(message))\n".utf8))
    }

    /// Prints `error: MESSAGE` as one bounded line (control characters escaped) and exits with `code`.
    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("error: \(MessageText.line(message))\n".utf8))
        exit(code)
    }
}
