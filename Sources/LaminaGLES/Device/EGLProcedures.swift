import CEGL

/// EGL extension entry points, loaded with `eglGetProcAddress`.
struct EGLProcedures {
    typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?
    typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias QueryDeviceString = @convention(c) (EGLDeviceEXT?, EGLint) -> UnsafePointer<CChar>?

    /// `eglGetPlatformDisplayEXT` (EGL_EXT_platform_base), else EGL 1.5's `eglGetPlatformDisplay` with EGLAttrib.
    let getPlatformDisplay: GetPlatformDisplay?
    let queryDevices: QueryDevices?
    let queryDeviceString: QueryDeviceString?

    init() {
        getPlatformDisplay = EGLProcedures.load("eglGetPlatformDisplayEXT")
        queryDevices = EGLProcedures.load("eglQueryDevicesEXT")
        queryDeviceString = EGLProcedures.load("eglQueryDeviceStringEXT")
    }

    /// A function pointer by name, cast to `F`, or nil when the driver does not have it.
    static func load<F>(_ name: String) -> F? {
        guard let p = eglGetProcAddress(name) else { return nil }
        return unsafeBitCast(p, to: F.self)
    }

    /// The client extensions (those queried with EGL_NO_DISPLAY).
    static func clientExtensions() -> Set<Substring> {
        guard let s = eglQueryString(nil, EGL_EXTENSIONS) else { return [] }
        return Set(String(cString: s).split(separator: " "))
    }
}
