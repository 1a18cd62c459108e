import CEGL
import Synchronization

/// Reference counts of initialized EGL displays. `eglGetPlatformDisplay` hands every caller the same
/// display for the same native display, so one connection must not `eglTerminate` it under another.
enum EGLDisplayRegistry {
    private static let counts = Mutex<[UInt: Int]>([:])

    /// Initializes the display (first user) or adds a user. `eglInitialize` runs under the same lock as
    /// `release`'s `eglTerminate`, so a display is never terminated between another user's initialize and its
    /// first context.
    static func retain(_ display: EGLDisplay) throws -> (major: Int32, minor: Int32) {
        try counts.withLock { c in
            var major: EGLint = 0, minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
                throw GLESError.egl(call: "eglInitialize", code: eglGetError())
            }
            c[UInt(bitPattern: display), default: 0] += 1
            return (major, minor)
        }
    }

    /// Drops a user; the last one terminates the display, under the lock that `retain` takes.
    static func release(_ display: EGLDisplay) {
        counts.withLock { c in
            let key = UInt(bitPattern: display)
            let n = (c[key] ?? 1) - 1
            c[key] = n > 0 ? n : nil
            if n <= 0 { eglTerminate(display) }
        }
    }
}
