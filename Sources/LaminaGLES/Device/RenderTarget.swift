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
    /// Where the target starts in its texture: (0, 0) for a whole texture, a region's corner for an
    /// offscreen placed in an `OffscreenAtlas` page (the texture is then `textureWidth` × `textureHeight`).
    var originX = 0, originY = 0
    var textureWidth: Int, textureHeight: Int

    init(texture: GLuint, framebuffer: GLuint, width: Int, height: Int, format: RenderTargetFormat) {
        self.texture = texture; self.framebuffer = framebuffer
        self.width = width; self.height = height; self.format = format
        textureWidth = width; textureHeight = height
    }

    /// The part of this target at (x, y) of the given size (a region of an atlas page).
    func region(x: Int, y: Int, width: Int, height: Int) -> RenderTarget {
        var r = RenderTarget(texture: texture, framebuffer: framebuffer, width: width, height: height, format: format)
        r.originX = originX + x; r.originY = originY + y
        r.textureWidth = textureWidth; r.textureHeight = textureHeight
        return r
    }

    /// Whether the target is only part of its texture.
    var isRegion: Bool { width != textureWidth || height != textureHeight }

    var byteCount: Int { width * height * format.bytesPerPixel }

    /// Binds the framebuffer and sets the viewport to the target (its region of the texture).
    func bind() {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glViewport(GLint(originX), GLint(originY), GLsizei(width), GLsizei(height))
    }
}
