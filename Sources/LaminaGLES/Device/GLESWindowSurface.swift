import CEGL
import Lamina

/// An EGL window surface of a GPU backend opened on a window system's display (`GLESBackend(options:native:)`),
/// serving as a presenter's `WindowSwapchain`: frames stay on the GPU. A back buffer is repaired by copying
/// rects of the backend's canvas into it (`glBlitFramebuffer`), and the swap shows it with the frame's damage
/// through `eglSwapBuffersWithDamageKHR` (or `…EXT`) where the driver offers it, else with `eglSwapBuffers`,
/// which damages the whole surface. Back buffers tell their age through `EGL_EXT_buffer_age` where offered.
///
/// The swap interval is 0: the presenter paces frames with the window system's frame callbacks, so a swap
/// never waits for one. Use from the thread that uses the backend, between its frames.
public final class GLESWindowSurface: WindowSwapchain {
    private typealias SwapWithDamage = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean

    private let backend: GLESBackend
    private let surface: EGLSurface
    private let swapWithDamage: SwapWithDamage?
    private var size = (width: 0, height: 0)
    public let sendsDamage: Bool
    public let knowsBufferAge: Bool

    /// Makes the window surface of `nativeWindow` (a `struct wl_egl_window *` on Wayland) on the backend's display.
    public init(backend: GLESBackend, nativeWindow: UnsafeMutableRawPointer) throws {
        let connection = backend.connection
        guard let config = connection.windowConfig else {
            throw GLESError.unsupported("a window surface needs a backend opened on the window system's display")
        }
        guard let surface = eglCreatePlatformWindowSurface(connection.display, config, nativeWindow, nil) else {
            throw GLESError.egl(call: "eglCreatePlatformWindowSurface", code: eglGetError())
        }
        self.backend = backend
        self.surface = surface
        let extensions = connection.extensions
        knowsBufferAge = extensions.contains("EGL_EXT_buffer_age")
        if extensions.contains("EGL_KHR_swap_buffers_with_damage") {
            swapWithDamage = EGLProcedures.load("eglSwapBuffersWithDamageKHR")
        } else if extensions.contains("EGL_EXT_swap_buffers_with_damage") {
            swapWithDamage = EGLProcedures.load("eglSwapBuffersWithDamageEXT")
        } else {
            swapWithDamage = nil
        }
        sendsDamage = swapWithDamage != nil
        connection.drawSurface = surface
        defer { connection.drawSurface = nil; connection.releaseCurrent() }
        try connection.makeCurrent()
        eglSwapInterval(connection.display, 0)
    }

    deinit {
        let connection = backend.connection
        connection.drawSurface = nil
        try? connection.makeCurrent()
        eglDestroySurface(connection.display, surface)
        connection.releaseCurrent()
    }

    public var description: String {
        "wl_egl_window, EGL window surface, "
            + (sendsDamage ? "eglSwapBuffersWithDamage per damaged rect" : "eglSwapBuffers (the whole surface damaged: no EGL_KHR_swap_buffers_with_damage)")
            + ", buffer age " + (knowsBufferAge ? "from EGL_EXT_buffer_age" : "unknown (each buffer repaired whole)")
    }

    /// Binds the window's back buffer (the context stays current, holding GL's turn, until `swap`).
    public func acquire(width: Int, height: Int) throws -> any PresenterBuffer {
        let connection = backend.connection
        connection.drawSurface = surface
        do {
            try connection.makeCurrent()
        } catch {
            connection.drawSurface = nil
            throw error
        }
        var age: EGLint = 0
        if knowsBufferAge, eglQuerySurface(connection.display, surface, EGL_BUFFER_AGE_EXT, &age) != EGLBoolean(EGL_TRUE) {
            age = 0
        }
        size = (width, height)
        return Buffer(window: self, width: width, height: height, age: Int(max(age, 0)))
    }

    public func swap(damage: [PixelRect]) throws {
        let connection = backend.connection
        defer {
            connection.drawSurface = nil
            connection.releaseCurrent()
        }
        let ok: EGLBoolean
        if let swapWithDamage, !damage.isEmpty {
            var rects: [EGLint] = []
            for d in damage {
                guard let r = d.clamped(width: size.width, height: size.height) else { continue }
                rects += [EGLint(r.x), EGLint(size.height - r.y - r.height), EGLint(r.width), EGLint(r.height)]
            }
            ok = swapWithDamage(connection.display, surface, &rects, EGLint(rects.count / 4))
        } else {
            ok = eglSwapBuffers(connection.display, surface)
        }
        guard ok == EGLBoolean(EGL_TRUE) else {
            throw GLESError.egl(call: sendsDamage ? "eglSwapBuffersWithDamage" : "eglSwapBuffers", code: eglGetError())
        }
    }

    /// The back buffer bound by `acquire`.
    private final class Buffer: PresenterBuffer {
        let window: GLESWindowSurface
        let width: Int
        let height: Int
        let age: Int

        init(window: GLESWindowSurface, width: Int, height: Int, age: Int) {
            self.window = window; self.width = width; self.height = height; self.age = age
        }

        func write(_ frame: SourceFrame, rects: [PixelRect]) throws {
            try window.backend.copyCanvas(rects, windowWidth: width, windowHeight: height)
        }
    }
}
