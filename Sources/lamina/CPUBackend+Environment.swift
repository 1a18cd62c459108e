import Foundation
import LaminaCPU

extension CPUBackend {
    /// A CPU backend as this process's environment asks for it: `LAMINA_CPU_OCCLUSION=0` turns occlusion
    /// culling off (the pixels are the same; for measuring what it gains).
    static func fromEnvironment() -> CPUBackend {
        CPUBackend(occlusionCulling: ProcessInfo.processInfo.environment["LAMINA_CPU_OCCLUSION"] != "0")
    }
}
