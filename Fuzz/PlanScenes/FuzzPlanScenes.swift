import Lamina

/// libFuzzer target: bytes → structured random `Scene` (`SceneFromBytes`) → `RenderPlanner.plan`.
///
/// A `.badInput` refusal is fine; any other error, a trap, a sanitizer report, an input slower than
/// 10 s or an allocation over 2 GiB is a finding. Built by tools/fuzz (`tools/fuzz plan`).
@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzPlanScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    StructuredFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size)), render: nil)
    return 0
}
