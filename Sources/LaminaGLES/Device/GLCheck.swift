import CGLES3

/// `glGetError` as a throwing check after a group of GL calls.
enum GLCheck {
    /// Throws `GLESError.gl` with the first pending error (and drains the rest).
    static func noError(_ call: @autoclosure () -> String) throws {
        let code = glGetError()
        guard code == GLenum(GL_NO_ERROR) else {
            while glGetError() != GLenum(GL_NO_ERROR) {}
            throw GLESError.gl(call: call(), code: code)
        }
    }

    /// Throws `GLESError.framebufferIncomplete` unless the bound draw framebuffer is complete.
    static func framebufferComplete(_ purpose: @autoclosure () -> String) throws {
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLESError.framebufferIncomplete(purpose: purpose(), status: status)
        }
    }

    /// A GL string (GL_RENDERER, GL_VERSION, …).
    static func string(_ name: Int32) -> String {
        guard let s = glGetString(GLenum(name)) else { return "" }
        return String(cString: s)
    }

    static func integer(_ name: Int32) -> Int {
        var v: GLint = 0
        glGetIntegerv(GLenum(name), &v)
        return Int(v)
    }
}
