import Lamina
import LaminaCPU
import LaminaGLES

/// What `--backend auto` picks, and why: the GPU when EGL reports a hardware renderer, the CPU path when
/// it reports a software one (llvmpipe, softpipe, swrast draw a card several times slower than the CPU
/// path does) or when no EGL display opens.
struct AutoBackend {
    /// The backend picked: "gpu" or "cpu".
    let name: String
    /// Why, in words, for `lamina info` and the service's startup line.
    let reason: String
    /// The GPU backend opened while deciding, when the GPU was picked (so it is not opened twice).
    let gpu: GLESBackend?

    /// Reads the GL renderer of a bare EGL context and decides by it; the GPU backend is opened only when
    /// it is picked (a software renderer costs no shader compilation).
    static func decide() -> AutoBackend {
        do {
            let renderer = try GLESInfo.probe().renderer
            guard !GLESInfo.isSoftware(renderer: renderer) else { return decide(renderer: renderer, opened: nil) }
            return decide(renderer: renderer, opened: try GLESBackend(options: .fromEnvironment))
        } catch {
            return AutoBackend(name: "cpu", reason: "no usable EGL display (\(error)), so the CPU path", gpu: nil)
        }
    }

    /// Decides by a GL_RENDERER string; `opened` is kept when the GPU is picked.
    static func decide(renderer: String, opened: GLESBackend?) -> AutoBackend {
        if GLESInfo.isSoftware(renderer: renderer) {
            return AutoBackend(name: "cpu", reason: "EGL reports a software renderer (\(renderer)), slower than the CPU path", gpu: nil)
        }
        return AutoBackend(name: "gpu", reason: "EGL reports a hardware renderer (\(renderer))", gpu: opened)
    }

    /// The picked backend, ready to render.
    func makeBackend() -> any RenderBackend {
        if let gpu { return gpu }
        return name == "gpu" ? (try? GLESBackend(options: .fromEnvironment)) ?? CPUBackend.fromEnvironment() : CPUBackend.fromEnvironment()
    }
}
