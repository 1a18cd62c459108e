import CGLES3

/// Pixel formats of render targets.
enum RenderTargetFormat: Hashable {
    /// Premultiplied color: canvas, offscreens.
    case rgba8
    /// One float channel: blur intermediates (needs EXT_color_buffer_float to render into).
    case r32f

    var internalFormat: Int32 { self == .rgba8 ? GL_RGBA8 : GL_R32F }
    var format: Int32 { self == .rgba8 ? GL_RGBA : GL_RED }
    var type: Int32 { self == .rgba8 ? GL_UNSIGNED_BYTE : GL_FLOAT }
    var bytesPerPixel: Int { 4 }
}

/// A texture with a framebuffer that renders into it.
struct RenderTarget: Hashable {
    let texture: GLuint
    let framebuffer: GLuint
    let width: Int
    let height: Int
    let format: RenderTargetFormat

    var byteCount: Int { width * height * format.bytesPerPixel }

    /// Allocates the texture and framebuffer and checks completeness.
    static func make(width: Int, height: Int, format: RenderTargetFormat, objects: GLObjects) throws -> RenderTarget {
        let texture = objects.makeTexture()
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(format.format), GLenum(format.type), nil)
        let framebuffer = objects.makeFramebuffer()
        let target = RenderTarget(texture: texture, framebuffer: framebuffer, width: width, height: height, format: format)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        do {
            try GLCheck.noError("glTexImage2D(\(width)×\(height) \(format))")
            try GLCheck.framebufferComplete("a \(width)×\(height) \(format) target")
        } catch {
            target.delete(objects: objects)
            throw error
        }
        return target
    }

    func delete(objects: GLObjects) {
        objects.deleteFramebuffer(framebuffer)
        objects.deleteTexture(texture)
    }

    /// Binds the framebuffer and sets the viewport to the whole target.
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }
}
