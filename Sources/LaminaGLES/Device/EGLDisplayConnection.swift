import CEGL
import CGBM
import Foundation

/// A headless EGL display with a current OpenGL ES 3 context that renders into framebuffer objects.
///
/// Platforms are tried in the order of `EGLPlatform.headless` (GBM on the first DRM render node,
/// the EGL device platform, Mesa surfaceless) unless one is forced (`GLESOptions.platform`). The context is
/// configless and surfaceless where the driver allows it, else it gets a 1×1 pbuffer. Opened on a window
/// system's display (`init(native:)`), the context has a config that draws into its windows.
public final class EGLDisplayConnection {
    public let platform: EGLPlatform
    /// What was opened: the render node, the EGL device, or "default".
    public let deviceDescription: String
    public let eglVersion: String
    public let eglVendor: String
    let display: EGLDisplay
    let context: EGLContext
    let surface: EGLSurface?
    /// The config of a context opened on a window system's display (window surfaces are made with it).
    let windowConfig: EGLConfig?
    /// A window surface that `makeCurrent` binds instead of `surface` while it is set.
    var drawSurface: EGLSurface?
    private let gbmDevice: OpaquePointer?
    private let drmFileDescriptor: Int32
    /// Whether this connection holds `GLTurn` (from `makeCurrent` to `releaseCurrent`).
    private var holdsTurn = false

    /// Opens the first platform that works, or only `platform` (gbm, device, surfaceless) when given.
    public init(platform forced: String? = nil) throws {
        let procedures = EGLProcedures()
        let clientExtensions = EGLProcedures.clientExtensions()
        var attempts: [String] = []
        var chosen: (platform: EGLPlatform, opened: OpenedDisplay, context: EGLContext, surface: EGLSurface?)?
        for candidate in try EGLPlatform.candidates(forced: forced) {
            do {
                let opened = try EGLDisplayConnection.open(candidate, procedures: procedures, clientExtensions: clientExtensions)
                do {
                    _ = try EGLDisplayRegistry.retain(opened.display)
                } catch {
                    opened.close()
                    throw error
                }
                do {
                    let (context, surface) = try EGLDisplayConnection.makeContext(on: opened.display)
                    chosen = (candidate, opened, context, surface)
                    break
                } catch {
                    EGLDisplayRegistry.release(opened.display)
                    opened.close()
                    throw error
                }
            } catch {
                attempts.append("\(candidate): \(error)")
            }
        }
        guard let chosen else { throw GLESError.noDisplay(attempts: attempts) }
        platform = chosen.platform
        deviceDescription = chosen.opened.device
        display = chosen.opened.display
        context = chosen.context
        surface = chosen.surface
        gbmDevice = chosen.opened.gbm
        drmFileDescriptor = chosen.opened.fd
        windowConfig = nil
        eglVersion = eglQueryString(display, EGL_VERSION).map { String(cString: $0) } ?? "unknown"
        eglVendor = eglQueryString(display, EGL_VENDOR).map { String(cString: $0) } ?? "unknown"
        try makeCurrent()
    }

    /// Opens EGL on a window system's display with a context that can draw into its windows (RGBA8,
    /// OpenGL ES 3, window and pbuffer surfaces).
    public init(native: NativeDisplay) throws {
        guard let getDisplay = EGLProcedures().getPlatformDisplay else { throw GLESError.missingExtension("eglGetPlatformDisplayEXT") }
        guard EGLProcedures.clientExtensions().contains(Substring(native.platform.clientExtension)) else {
            throw GLESError.missingExtension(native.platform.clientExtension)
        }
        guard let display = getDisplay(native.platform.eglPlatformEnum, native.pointer, nil) else {
            throw GLESError.egl(call: "eglGetPlatformDisplayEXT(\(native.platform))", code: eglGetError())
        }
        _ = try EGLDisplayRegistry.retain(display)
        do {
            (context, surface, windowConfig) = try EGLDisplayConnection.makeWindowContext(on: display)
        } catch {
            EGLDisplayRegistry.release(display)
            throw error
        }
        self.display = display
        platform = native.platform
        deviceDescription = "window system display"
        gbmDevice = nil
        drmFileDescriptor = -1
        eglVersion = eglQueryString(display, EGL_VERSION).map { String(cString: $0) } ?? "unknown"
        eglVendor = eglQueryString(display, EGL_VENDOR).map { String(cString: $0) } ?? "unknown"
        try makeCurrent()
    }

    /// The display's EGL extensions.
    var extensions: Set<Substring> {
        Set((eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " "))
    }

    /// Makes the context current on the calling thread (a no-op when it already is), after waiting for
    /// the process's turn to use GL (`GLTurn`).
    public func makeCurrent() throws {
        let draw = drawSurface ?? surface
        if eglGetCurrentContext() == context && eglGetCurrentSurface(EGL_DRAW) == draw { return }
        if !holdsTurn {
            GLTurn.take()
            holdsTurn = true
        }
        guard eglMakeCurrent(display, draw, draw, context) == EGLBoolean(EGL_TRUE) else {
            let code = eglGetError()
            releaseTurn()
            throw GLESError.egl(call: "eglMakeCurrent", code: code)
        }
    }

    /// Releases the context from the calling thread, so another thread may make it current next, and
    /// gives the turn to use GL back.
    public func releaseCurrent() {
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        releaseTurn()
    }

    private func releaseTurn() {
        guard holdsTurn else { return }
        holdsTurn = false
        GLTurn.give()
    }

    deinit {
        if !holdsTurn { GLTurn.take() }
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        eglDestroyContext(display, context)
        if let surface { eglDestroySurface(display, surface) }
        GLTurn.give()
        EGLDisplayRegistry.release(display)
        if let gbmDevice { gbm_device_destroy(gbmDevice) }
        if drmFileDescriptor >= 0 { Foundation.close(drmFileDescriptor) }
    }

    private struct OpenedDisplay {
        var display: EGLDisplay
        var device: String
        var gbm: OpaquePointer? = nil
        var fd: Int32 = -1

        func close() {
            if let gbm { gbm_device_destroy(gbm) }
            if fd >= 0 { Foundation.close(fd) }
        }
    }

    private static func open(_ platform: EGLPlatform, procedures: EGLProcedures,
                             clientExtensions: Set<Substring>) throws -> OpenedDisplay {
        guard clientExtensions.contains(Substring(platform.clientExtension)) else {
            throw GLESError.missingExtension(platform.clientExtension)
        }
        guard let getDisplay = procedures.getPlatformDisplay else {
            throw GLESError.missingExtension("eglGetPlatformDisplayEXT")
        }
        switch platform {
        case .gbm:
            let node = try firstRenderNode()
            let fd = Foundation.open(node, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { throw GLESError.unsupported("cannot open \(node): \(String(cString: strerror(errno)))") }
            guard let device = gbm_create_device(fd) else {
                Foundation.close(fd)
                throw GLESError.unsupported("gbm_create_device(\(node)) failed")
            }
            guard let display = getDisplay(platform.eglPlatformEnum, UnsafeMutableRawPointer(device), nil) else {
                gbm_device_destroy(device)
                Foundation.close(fd)
                throw GLESError.egl(call: "eglGetPlatformDisplayEXT(EGL_PLATFORM_GBM_KHR)", code: eglGetError())
            }
            return OpenedDisplay(display: display, device: node, gbm: device, fd: fd)
        case .device:
            guard let queryDevices = procedures.queryDevices else { throw GLESError.missingExtension("eglQueryDevicesEXT") }
            var count: EGLint = 0
            guard queryDevices(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
                throw GLESError.egl(call: "eglQueryDevicesEXT", code: eglGetError())
            }
            var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
            guard queryDevices(count, &devices, &count) == EGLBoolean(EGL_TRUE), count > 0, let device = devices[0] else {
                throw GLESError.egl(call: "eglQueryDevicesEXT", code: eglGetError())
            }
            guard let display = getDisplay(platform.eglPlatformEnum, device, nil) else {
                throw GLESError.egl(call: "eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT)", code: eglGetError())
            }
            return OpenedDisplay(display: display, device: describe(device, procedures: procedures))
        case .surfaceless:
            guard let display = getDisplay(platform.eglPlatformEnum, nil, nil) else {
                throw GLESError.egl(call: "eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA)", code: eglGetError())
            }
            return OpenedDisplay(display: display, device: "default")
        case .wayland:
            throw GLESError.unsupported("the Wayland platform needs a compositor's display (NativeDisplay)")
        }
    }

    private static func firstRenderNode() throws -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        guard let first = names.filter({ $0.hasPrefix("renderD") }).sorted().first else {
            throw GLESError.unsupported("no /dev/dri/renderD* node")
        }
        return "/dev/dri/" + first
    }

    private static func describe(_ device: EGLDeviceEXT, procedures: EGLProcedures) -> String {
        guard let query = procedures.queryDeviceString else { return "device 0" }
        if let file = query(device, 0x3233 /* EGL_DRM_DEVICE_FILE_EXT */) { return String(cString: file) }
        if let ext = query(device, EGL_EXTENSIONS), String(cString: ext).contains("EGL_MESA_device_software") {
            return "software device"
        }
        return "device 0"
    }

    /// A context with a window-capable RGBA8 config, and a 1×1 pbuffer to be current on when the driver
    /// cannot be current without a surface.
    private static func makeWindowContext(on display: EGLDisplay) throws -> (EGLContext, EGLSurface?, EGLConfig) {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.egl(call: "eglBindAPI(EGL_OPENGL_ES_API)", code: eglGetError())
        }
        let words = Set((eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? "").split(separator: " "))
        let surfaceless = words.contains("EGL_KHR_surfaceless_context")
        let attributes: [EGLint] = [
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, surfaceless ? EGL_WINDOW_BIT : EGL_WINDOW_BIT | EGL_PBUFFER_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
        ]
        var config: EGLConfig? = nil
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0, let config else {
            throw GLESError.egl(call: "eglChooseConfig(EGL_OPENGL_ES3_BIT, EGL_WINDOW_BIT, RGBA8)", code: eglGetError())
        }
        var surface: EGLSurface? = nil
        if !surfaceless {
            let pbuffer: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            guard let s = eglCreatePbufferSurface(display, config, pbuffer) else {
                throw GLESError.egl(call: "eglCreatePbufferSurface", code: eglGetError())
            }
            surface = s
        }
        let plain: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, plain) else {
            let code = eglGetError()
            if let surface { eglDestroySurface(display, surface) }
            throw GLESError.egl(call: "eglCreateContext(ES 3.0, window config)", code: code)
        }
        return (context, surface, config)
    }

    private static func makeContext(on display: EGLDisplay) throws -> (EGLContext, EGLSurface?) {
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.egl(call: "eglBindAPI(EGL_OPENGL_ES_API)", code: eglGetError())
        }
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let words = Set(extensions.split(separator: " "))
        let configless = words.contains("EGL_KHR_no_config_context") || words.contains("EGL_MESA_configless_context")
        let surfaceless = words.contains("EGL_KHR_surfaceless_context")
        var config: EGLConfig? = nil
        var surface: EGLSurface? = nil
        if !(configless && surfaceless) {
            let attributes: [EGLint] = [
                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE,
            ]
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGLBoolean(EGL_TRUE), count > 0 else {
                throw GLESError.egl(call: "eglChooseConfig(EGL_OPENGL_ES3_BIT, EGL_PBUFFER_BIT)", code: eglGetError())
            }
            let pbuffer: [EGLint] = [EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE]
            guard let s = eglCreatePbufferSurface(display, config, pbuffer) else {
                throw GLESError.egl(call: "eglCreatePbufferSurface", code: eglGetError())
            }
            surface = s
        }
        let robust: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                                EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE]
        let plain: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        if let context = eglCreateContext(display, config, nil, robust) ?? eglCreateContext(display, config, nil, plain) {
            return (context, surface)
        }
        let code = eglGetError()
        if let surface { eglDestroySurface(display, surface) }
        throw GLESError.egl(call: "eglCreateContext(ES 3.0)", code: code)
    }
}
