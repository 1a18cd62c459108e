import Foundation
import LaminaGLES

extension GLESOptions {
    /// The GPU options this process's `LAMINA_*` environment variables ask for (see `GLESOptions.init(environment:)`).
    static var fromEnvironment: GLESOptions { GLESOptions(environment: ProcessInfo.processInfo.environment) }
}
