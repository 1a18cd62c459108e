/// The EGL platforms Lamina opens: the headless ones, in the order it tries them, and Wayland, whose display
/// a presenter hands in (`NativeDisplay`).
public enum EGLPlatform: String, CaseIterable, Sendable, CustomStringConvertible {
    /// GBM on the first `/dev/dri/renderD*` node (`EGL_KHR_platform_gbm`).
    case gbm
    /// An EGL device enumerated with `eglQueryDevicesEXT` (`EGL_EXT_platform_device`).
    case device
    /// Mesa's surfaceless platform (`EGL_MESA_platform_surfaceless`), e.g. llvmpipe.
    case surfaceless
    /// A Wayland compositor's display (`EGL_KHR_platform_wayland`), for drawing into its windows.
    case wayland

    /// The platforms tried for headless rendering, in order.
    static let headless: [EGLPlatform] = [.gbm, .device, .surfaceless]

    /// The EGL platform enum passed to `eglGetPlatformDisplayEXT`.
    var eglPlatformEnum: UInt32 {
        switch self {
        case .gbm: return 0x31D7       // EGL_PLATFORM_GBM_KHR
        case .device: return 0x313F    // EGL_PLATFORM_DEVICE_EXT
        case .surfaceless: return 0x31DD // EGL_PLATFORM_SURFACELESS_MESA
        case .wayland: return 0x31D8   // EGL_PLATFORM_WAYLAND_KHR
        }
    }

    /// The client extension that announces the platform.
    var clientExtension: String {
        switch self {
        case .gbm: return "EGL_KHR_platform_gbm"
        case .device: return "EGL_EXT_platform_device"
        case .surfaceless: return "EGL_MESA_platform_surfaceless"
        case .wayland: return "EGL_KHR_platform_wayland"
        }
    }

    /// The platforms to try: the one forced (`GLESOptions.platform`), or all in order.
    static func candidates(forced: String?) throws -> [EGLPlatform] {
        guard let forced, !forced.isEmpty else { return headless }
        guard let p = EGLPlatform(rawValue: forced.lowercased()), headless.contains(p) else { throw GLESError.unknownPlatform(forced) }
        return [p]
    }

    public var description: String { rawValue }
}
