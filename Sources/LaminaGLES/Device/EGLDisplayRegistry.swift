import CEGL
import Synchronization

/// Reference counts of initialized EGL displays. `eglGetPlatformDisplay` hands every caller the same
/// display for the same native display, so one connection must not `eglTerminate` it under another.
enum EGLDisplayRegistry {
    private static let counts = Mutex<[UInt: Int]>([:])

    /// Initializes the display (first user) or adds a user.
    static func retain(_ display: EGLDisplay) throws -> (major: Int32, minor: Int32) {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLESError.egl(call: "eglInitialize", code: eglGetError())
        }
        counts.withLock { $0[UInt(bitPattern: display), default: 0] += 1 }
        return (major, minor)
    }

    /// Drops a user; the last one terminates the display.
    static func release(_ display: EGLDisplay) {
        let last = counts.withLock { c -> Bool in
            let key = UInt(bitPattern: display)
            let n = (c[key] ?? 1) - 1
            c[key] = n > 0 ? n : nil
            return n <= 0
        }
        if last { eglTerminate(display) }
    }
}
