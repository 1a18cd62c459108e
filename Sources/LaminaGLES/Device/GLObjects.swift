import CGLES3

/// Creates and deletes textures, framebuffers and renderbuffers, counting the live ones.
final class GLObjects {
    private(set) var counts = GLObjectCounts()

    /// A new 2-D texture, bound to unit 0, with clamp-to-edge wrapping and the given filters.
    func makeTexture(minFilter: Int32 = GL_NEAREST, magFilter: Int32 = GL_NEAREST) -> GLuint {
        var id: GLuint = 0
        glGenTextures(1, &id)
        counts.textures += 1
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magFilter)
        return id
    }

    func deleteTexture(_ id: GLuint) {
        var id = id
        glDeleteTextures(1, &id)
        counts.textures -= 1
    }

    func makeFramebuffer() -> GLuint {
        var id: GLuint = 0
        glGenFramebuffers(1, &id)
        counts.framebuffers += 1
        return id
    }

    func deleteFramebuffer(_ id: GLuint) {
        var id = id
        glDeleteFramebuffers(1, &id)
        counts.framebuffers -= 1
    }

    func makeRenderbuffer() -> GLuint {
        var id: GLuint = 0
        glGenRenderbuffers(1, &id)
        counts.renderbuffers += 1
        return id
    }

    func deleteRenderbuffer(_ id: GLuint) {
        var id = id
        glDeleteRenderbuffers(1, &id)
        counts.renderbuffers -= 1
    }
}
