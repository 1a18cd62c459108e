import Lamina
import LaminaCPU

/// libFuzzer target: bytes → structured random `Scene` (`SceneFromBytes`) → `RenderPlanner.plan` →
/// `CPUBackend(threads: 1).render`, a fresh backend per input.
///
/// A `.badInput` refusal is fine; any other error, a trap, a sanitizer report, a leak, an input slower
/// than 10 s or an allocation over 2 GiB is a finding. Built by tools/fuzz (`tools/fuzz cpu`).
@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzCPUScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    StructuredFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size))) { plan in
        try CPUBackend(threads: 1).render(plan)
    }
    return 0
}
