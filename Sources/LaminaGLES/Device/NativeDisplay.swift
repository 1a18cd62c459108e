/// A window system's display that EGL can open (`eglGetPlatformDisplay`), handed in by a presenter:
/// today a Wayland compositor's `wl_display`. A backend opened on it renders as usual, offscreen, and can
/// also draw into that system's windows (`GLESWindowSurface`).
public struct NativeDisplay: @unchecked Sendable {
    /// The platform, e.g. `.wayland`.
    public let platform: EGLPlatform
    /// The native display (a `struct wl_display *`); it must outlive every backend opened on it.
    public let pointer: UnsafeMutableRawPointer

    /// A Wayland display connection (`struct wl_display *`).
    public static func wayland(_ display: OpaquePointer) -> NativeDisplay {
        NativeDisplay(platform: .wayland, pointer: UnsafeMutableRawPointer(display))
    }
}
