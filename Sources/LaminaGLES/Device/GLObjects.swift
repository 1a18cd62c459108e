import CGLES3

/// Creates and deletes textures and framebuffers, counting the live ones.
final class GLObjects {
    private(set) var counts = GLObjectCounts()

    /// A new 2-D texture, bound to unit 0, with clamp-to-edge wrapping and the given filters.
    func makeTexture(minFilter: Int32 = GL_NEAREST, magFilter: Int32 = GL_NEAREST) -> GLuint {
        let id = make(glGenTextures, counted: \.textures)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magFilter)
        return id
    }

    /// A new 2-D texture of `width` × `height` texels uploaded from `pixels` (rows packed to `alignment` bytes),
    /// with `filter` for both filters; deleted again when GL reports an error, which is thrown naming `what`.
    func makeTexture(width: Int, height: Int, internalFormat: Int32, format: Int32, type: Int32, alignment: Int32,
                     pixels: UnsafeRawPointer?, filter: Int32 = GL_NEAREST, what: String) throws -> GLuint {
        let texture = makeTexture(minFilter: filter, magFilter: filter)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), alignment)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0, GLenum(format), GLenum(type), pixels)
        do {
            try GLCheck.noError("glTexImage2D(\(what))")
        } catch {
            deleteTexture(texture)
            throw error
        }
        return texture
    }

    /// A new RGBA8 2-D array texture of `layers` layers of `side`² texels with nearest filtering, bound to
    /// unit 3 (the glyph program's sampler).
    func makeArrayTexture(side: Int, layers: Int) -> GLuint {
        let id = make(glGenTextures, counted: \.textures)
        glActiveTexture(GLenum(GL_TEXTURE3))
        glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), id)
        glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexStorage3D(GLenum(GL_TEXTURE_2D_ARRAY), 1, GLenum(GL_RGBA8), GLsizei(side), GLsizei(side), GLsizei(layers))
        return id
    }

    func deleteTexture(_ id: GLuint) { delete(id, glDeleteTextures, counted: \.textures) }

    func makeFramebuffer() -> GLuint { make(glGenFramebuffers, counted: \.framebuffers) }

    func deleteFramebuffer(_ id: GLuint) { delete(id, glDeleteFramebuffers, counted: \.framebuffers) }

    private func make(_ generate: (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void,
                      counted kind: WritableKeyPath<GLObjectCounts, Int>) -> GLuint {
        var id: GLuint = 0
        generate(1, &id)
        counts[keyPath: kind] += 1
        return id
    }

    private func delete(_ id: GLuint, _ delete: (GLsizei, UnsafePointer<GLuint>?) -> Void,
                        counted kind: WritableKeyPath<GLObjectCounts, Int>) {
        var id = id
        delete(1, &id)
        counts[keyPath: kind] -= 1
    }
}
