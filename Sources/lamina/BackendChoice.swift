import ArgumentParser
import Lamina
import LaminaCPU
import LaminaGLES

/// Which renderer a command uses.
enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
    case gpu, cpu, both

    /// The backends this choice stands for, created fresh.
    func makeBackends() throws -> [any RenderBackend] {
        switch self {
        case .gpu: return [try GLESBackend(options: .fromEnvironment)]
        case .cpu: return [CPUBackend.fromEnvironment()]
        case .both: return [try GLESBackend(options: .fromEnvironment), CPUBackend.fromEnvironment()]
        }
    }
}
