import Foundation
@testable import Lamina
import LaminaText

/// What the structured targets run per input: bytes → `SceneFromBytes` → `RenderPlanner.plan` with a
/// 64 MiB budget → the target's backend, all on a `LargeStack` thread.
///
/// The budget bounds the work per input, not only its memory: offscreens, path masks and blurs are not
/// bounded by the canvas (a rasterized layer is rendered whole even when a sliver of it is visible),
/// and at 512 MiB a 38×65 px scene with an 8339×5366 rasterized layer and its shadow took 29 s on the
/// GPU backend (llvmpipe) and 35 s on the CPU under ASan (Fuzz/crashes/slow-…): slow, not hung, but past
/// the 10 s that marks a hang. 64 MiB keeps every input well inside it.
///
/// A `LaminaFailure` of kind `.badInput` is an accepted answer (the scene is past a limit); any other
/// error is a finding and stops the process with `fatalError`, which libFuzzer records as a crash. A
/// rendered bitmap must have the plan's size. With `LAMINA_FUZZ_VERBOSE=1` in the environment (for
/// `tools/fuzz repro`), prints each scene's plan or refusal.
enum StructuredFuzzing {
    static let budget = MemoryBudget(bytes: 64 << 20)
    /// `TextStack.shared`, installed before the first scene, with 16 MiB caches emptied after each input.
    static let textEngine: TextStack = {
        TextStack.install()
        TextStack.shared.cacheCapacity = 16 << 20
        return TextStack.shared
    }()
    static let verbose = ProcessInfo.processInfo.environment["LAMINA_FUZZ_VERBOSE"] == "1"

    /// Plans the scene of `bytes` and hands the plan to `render` (nil: plan only).
    static func run(_ bytes: [UInt8], render: ((RenderPlan) throws -> Bitmap)?) {
        _ = textEngine
        let scene = SceneFromBytes.scene(from: bytes)
        if verbose { describe(scene.root, indent: "") }
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
        textEngine.removeCachedData()
        emptyContentCache()
    }

    /// A mask as large as `ContentImageCache.shared` holds: inserting it evicts every text image and shape
    /// mask of the input, so that inputs do not depend on each other and LeakSanitizer does not report the
    /// cached masks (held in a multi-payload enum, which it cannot see through; README "Layer classes").
    static let cacheFiller = AlphaMask(width: 8192, height: ContentImageCache.shared.byteLimit / 8192,
                                       alpha: [UInt8](repeating: 0, count: ContentImageCache.shared.byteLimit / 8192 * 8192))
    static let fillerKey = ContentImageCache.Key(content: .gradient(GradientContent()), bounds: .zero, transform: .identity,
                                                 region: PixelRect(x: 0, y: 0, width: 1, height: 1), fonts: [], part: 1)

    /// Prints each layer's frame and drawing content (for `tools/fuzz repro` with LAMINA_FUZZ_VERBOSE=1).
    static func describe(_ layer: Layer, indent: String) {
        var line = "\(indent)layer bounds \(layer.bounds) position \(layer.position) transform \(layer.affineTransform)"
        if let c = layer.content { line += " \(String(describing: c).prefix(600))" }
        print(line)
        if let mask = layer.mask { describe(mask, indent: indent + "  mask ") }
        for s in layer.sublayers { describe(s, indent: indent + "  ") }
    }

    static func emptyContentCache() {
        ContentImageCache.shared.insert(cacheFiller, for: fillerKey)
    }
}
