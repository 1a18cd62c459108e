import ArgumentParser
import LaminaWayland

/// How `lamina show` gets GPU frames into the window (`--present`).
enum PresentPath: String, ExpressibleByArgument, CaseIterable {
    /// An EGL window surface: frames stay on the GPU.
    case egl
    /// Read back, damaged rects copied into `wl_shm` buffers.
    case shm
    /// egl where it keeps the damage exact (swap with damage and buffer age offered), else shm.
    case auto

    /// Whether GPU frames go through the EGL window surface on a display that offers `support`.
    func usesWindowSurface(_ support: WaylandEGLSupport) -> Bool {
        switch self {
        case .egl: return true
        case .shm: return false
        case .auto: return support.initialized && support.swapWithDamage && support.bufferAge
        }
    }
}
