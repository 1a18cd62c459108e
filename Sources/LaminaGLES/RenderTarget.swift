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

/// A texture with a framebuffer that renders into it, and optionally a 16-bit depth renderbuffer
/// (the canvas: occlusion culling, see `OcclusionPass`).
struct RenderTarget: Hashable {
    let texture: GLuint
    let framebuffer: GLuint
    let width: Int
    let height: Int
    let format: RenderTargetFormat
    var depthBuffer: GLuint = 0

    var byteCount: Int { width * height * format.bytesPerPixel }

    /// Allocates the texture and framebuffer and checks completeness.
    static func make(width: Int, height: Int, format: RenderTargetFormat, depth: Bool = false,
                     objects: GLObjects) throws -> RenderTarget {
        let texture = objects.makeTexture()
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format.internalFormat, GLsizei(width), GLsizei(height), 0,
                     GLenum(format.format), GLenum(format.type), nil)
        let framebuffer = objects.makeFramebuffer()
        var target = RenderTarget(texture: texture, framebuffer: framebuffer, width: width, height: height, format: format)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        if depth {
            target.depthBuffer = objects.makeRenderbuffer()
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), target.depthBuffer)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH_COMPONENT16), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_ATTACHMENT), GLenum(GL_RENDERBUFFER),
                                      target.depthBuffer)
        }
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
        if depthBuffer != 0 { objects.deleteRenderbuffer(depthBuffer) }
        objects.deleteFramebuffer(framebuffer)
        objects.deleteTexture(texture)
    }

    /// Binds the framebuffer and sets the viewport to the whole target.
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
    }
}
