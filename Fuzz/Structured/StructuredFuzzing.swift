import Foundation
import Lamina

/// What the structured targets run per input: bytes → `SceneFromBytes` → `RenderPlanner.plan` with a
/// 512 MiB budget → the target's backend, all on a `LargeStack` thread.
///
/// A `LaminaFailure` of kind `.badInput` is an accepted answer (the scene is past a limit); any other
/// error is a finding and stops the process with `fatalError`, which libFuzzer records as a crash. A
/// rendered bitmap must have the plan's size. With `LAMINA_FUZZ_VERBOSE=1` in the environment (for
/// `tools/fuzz repro`), prints each scene's plan or refusal.
enum StructuredFuzzing {
    static let budget = MemoryBudget(bytes: 512 << 20)
    static let verbose = ProcessInfo.processInfo.environment["LAMINA_FUZZ_VERBOSE"] == "1"

    /// Plans the scene of `bytes` and hands the plan to `render` (nil: plan only).
    static func run(_ bytes: [UInt8], render: ((RenderPlan) throws -> Bitmap)?) {
        let scene = SceneFromBytes.scene(from: bytes)
        do {
            try LargeStack.run {
                let plan = try RenderPlanner.plan(scene, budget: budget)
                if verbose { print(plan) }
                guard let render else { return }
                let bitmap = try render(plan)
                if bitmap.width != plan.width || bitmap.height != plan.height {
                    fatalError("rendered \(bitmap.width)×\(bitmap.height) px for a plan of \(plan.width)×\(plan.height)")
                }
            }
        } catch let failure as LaminaFailure where failure.kind == .badInput {
            if verbose { print("refused: \(failure.description)") }
        } catch let failure as LaminaFailure {
            fatalError("\(failure.kind) failure: \(failure.description)")
        } catch {
            fatalError("unexpected error: \(error)")
        }
    }
}
