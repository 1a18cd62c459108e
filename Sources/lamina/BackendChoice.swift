import ArgumentParser
import Lamina
import LaminaCPU
import LaminaGLES

/// Which renderer a command uses: `auto` is the GPU when EGL reports a hardware renderer, else the CPU
/// path (see `AutoBackend`).
enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, gpu, cpu, both

    /// The backends this choice stands for, created fresh.
    func makeBackends() throws -> [any RenderBackend] {
        switch self {
        case .auto: return [AutoBackend.decide().makeBackend()]
        case .gpu: return [try GLESBackend(options: .fromEnvironment)]
        case .cpu: return [CPUBackend.fromEnvironment()]
        case .both: return [try GLESBackend(options: .fromEnvironment), CPUBackend.fromEnvironment()]
        }
    }

    /// `auto` decided (gpu or cpu); any other choice as it is.
    var resolved: BackendChoice {
        guard self == .auto else { return self }
        return AutoBackend.decide().name == "gpu" ? .gpu : .cpu
    }
}
