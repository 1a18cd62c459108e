import CEGL
import CWaylandClient

/// What EGL offers on a Wayland display: whether a GPU frame could be swapped onto a `wl_egl_window`
/// with damage and buffer age, or must be copied into `wl_shm` buffers to keep its damage exact.
public struct WaylandEGLSupport: Sendable, Hashable, CustomStringConvertible {
    /// EGL initialized on the Wayland platform for this display.
    public var initialized = false
    /// `EGL_KHR_swap_buffers_with_damage` or `EGL_EXT_swap_buffers_with_damage`.
    public var swapWithDamage = false
    /// `EGL_EXT_buffer_age`.
    public var bufferAge = false
    /// The EGL vendor string, when initialized.
    public var vendor = ""

    /// Asks EGL (`eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, display)`) for its extensions, then lets go.
    static func probe(_ display: OpaquePointer) -> WaylandEGLSupport {
        var s = WaylandEGLSupport()
        guard let egl = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_WAYLAND_KHR), UnsafeMutableRawPointer(display), nil),
              eglInitialize(egl, nil, nil) == EGL_TRUE else { return s }
        defer { eglTerminate(egl) }
        s.initialized = true
        let extensions = eglQueryString(egl, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let names = Set(extensions.split(separator: " ").map(String.init))
        s.swapWithDamage = names.contains("EGL_KHR_swap_buffers_with_damage") || names.contains("EGL_EXT_swap_buffers_with_damage")
        s.bufferAge = names.contains("EGL_EXT_buffer_age")
        s.vendor = eglQueryString(egl, EGL_VENDOR).map { String(cString: $0) } ?? ""
        return s
    }

    public var description: String {
        guard initialized else { return "EGL on this Wayland display: not available" }
        return "EGL on this Wayland display (\(vendor)): swap with damage \(swapWithDamage ? "yes" : "no"), "
            + "buffer age \(bufferAge ? "yes" : "no")"
    }
}
