import Lamina
import LaminaGLES

/// libFuzzer target: bytes → structured random `Scene` (`SceneFromBytes`) → `RenderPlanner.plan` →
/// `GLESBackend.render` on EGL/Mesa (llvmpipe here).
///
/// One backend serves the whole process, as in a long-running renderer, so its caches (image textures,
/// shouldRasterize results, render target pool, atlas pages) carry over from input to input; their
/// limits are lowered to 64 MiB to keep the process's memory well under libFuzzer's RSS limit. A
/// `.badInput` refusal is fine; any other error, a trap, a sanitizer report, an input slower than 10 s
/// or an allocation over 2 GiB is a finding. Built by tools/fuzz (`tools/fuzz gpu`).
///
/// After each input the backend renders `emptyPlan`: it keeps the last plan to reuse its preparation
/// when the next plan is the same value, and LeakSanitizer cannot see array buffers that are referenced
/// only from a payload of a Swift multi-payload enum (the case tag sits in the pointer's spare bits), so
/// a kept plan's path masks (`ShadowSource.mask`) read as leaked although the backend still holds them.
enum GPUScenesFuzzer {
    static let emptyPlan = RenderPlan(width: 1, height: 1, clearColor: .transparent, images: [], offscreens: [], commands: [])

    nonisolated(unsafe) static let backend: GLESBackend = {
        do {
            var options = GLESOptions()
            options.rasterCacheByteLimit = 64 << 20
            options.imageCacheByteLimit = 64 << 20
            return try GLESBackend(options: options)
        } catch {
            fatalError("cannot create the GPU backend: \(error)")
        }
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func laminaFuzzGPUScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let backend = GPUScenesFuzzer.backend
    StructuredFuzzing.run(Array(UnsafeBufferPointer(start: data, count: size))) { plan in
        defer { _ = try? backend.render(GPUScenesFuzzer.emptyPlan) }
        return try backend.render(plan)
    }
    return 0
}
