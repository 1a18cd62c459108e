import CGLES3
import Lamina

/// Creates, fills and deletes textures and framebuffers with GL on the current context, counting the live
/// ones (`GPUObjects`).
final class GLObjects: GPUObjects {
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

    /// A one-channel 2-D texture uploaded from `pixels`; deleted again when GL reports an error, which is
    /// thrown naming `what`.
    func makeTexture(width: Int, height: Int, format: ChannelFormat, pixels: UnsafeRawPointer?, linear: Bool,
                     what: String) throws -> GLuint {
        let filter = linear ? GL_LINEAR : GL_NEAREST
        let texture = makeTexture(minFilter: filter, magFilter: filter)
        let (internalFormat, type, alignment) = format == .r8 ? (GL_R8, GL_UNSIGNED_BYTE, 1) : (GL_R32F, GL_FLOAT, 4)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), GLint(alignment))
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0, GLenum(GL_RED), GLenum(type), pixels)
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

    func makeTarget(width: Int, height: Int, format: RenderTargetFormat) throws -> RenderTarget {
        let texture = makeTexture()
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(format.format), GLenum(format.type), nil)
        let framebuffer = makeFramebuffer()
        let target = RenderTarget(texture: texture, framebuffer: framebuffer, width: width, height: height, format: format)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        do {
            try GLCheck.noError("glTexImage2D(\(width)×\(height) \(format))")
            try GLCheck.framebufferComplete("a \(width)×\(height) \(format) target")
        } catch {
            deleteTarget(target)
            throw error
        }
        return target
    }

    func makeTexture(levels: [Bitmap]) throws -> GLuint {
        let mipmapped = levels.count > 1
        let texture = makeTexture(minFilter: mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST,
                                  magFilter: mipmapped ? GL_LINEAR : GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels.count - 1))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        for (level, bitmap) in levels.enumerated() {
            bitmap.pixels.withUnsafeBytes { bytes in
                glTexImage2D(GLenum(GL_TEXTURE_2D), GLint(level), GL_RGBA8, GLsizei(bitmap.width), GLsizei(bitmap.height),
                             0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
        }
        do {
            try GLCheck.noError("glTexImage2D(\(levels[0].width)×\(levels[0].height), \(levels.count) levels)")
        } catch {
            deleteTexture(texture)
            throw error
        }
        return texture
    }

    func makeLayerFramebuffers(of texture: GLuint, layers: Int) -> [GLuint]? {
        var usable = true
        let framebuffers = (0..<layers).map { layer in
            let fb = makeFramebuffer()
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fb)
            glFramebufferTextureLayer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), texture, 0, GLint(layer))
            if (try? GLCheck.framebufferComplete("a layer of the text run cache")) == nil { usable = false }
            return fb
        }
        guard usable else {
            framebuffers.forEach(deleteFramebuffer)
            return nil
        }
        return framebuffers
    }

    func upload(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, into texture: GLuint, x: Int, y: Int, layer: Int) {
        glActiveTexture(GLenum(GL_TEXTURE3))
        glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexSubImage3D(GLenum(GL_TEXTURE_2D_ARRAY), 0, GLint(x), GLint(y), GLint(layer),
                        GLsizei(width), GLsizei(height), 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
    }

    func readPixels(of target: RenderTarget) throws -> Bitmap {
        target.bind()
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        let count = target.width * target.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            glReadPixels(GLint(target.originX), GLint(target.originY), GLsizei(target.width), GLsizei(target.height),
                         GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
            initialized = count
        }
        try GLCheck.noError("glReadPixels(\(target.width)×\(target.height))")
        return Bitmap(width: target.width, height: target.height, pixels: pixels)
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
