import CGLES3
import Lamina

extension GLESBackend {
    /// Copies `rects` (top-left origin) of the canvas into framebuffer 0, the back buffer of the window
    /// surface current now, of `width × height` pixels. The canvas keeps row 0 at the top, a window its
    /// bottom row first, so each copy is flipped. Parts of a rect beyond the canvas (a window a pixel larger
    /// than the scene's canvas) are cleared to transparent.
    func copyCanvas(_ rects: [PixelRect], windowWidth width: Int, windowHeight height: Int) throws {
        guard let canvas else { throw GLESError.unsupported("showing a frame before any execute") }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), canvas.framebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), 0)
        let fits = canvas.width >= width && canvas.height >= height
        if !fits {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glClearColor(0, 0, 0, 0)
            for rect in rects {
                guard let r = rect.clamped(width: width, height: height) else { continue }
                glScissor(GLint(r.x), GLint(height - r.y - r.height), GLsizei(r.width), GLsizei(r.height))
                glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            }
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        for rect in rects {
            guard let window = rect.clamped(width: width, height: height),
                  let r = window.clamped(width: canvas.width, height: canvas.height) else { continue }
            let x0 = GLint(canvas.originX + r.x), y0 = GLint(canvas.originY + r.y)
            glBlitFramebuffer(x0, y0, x0 + GLint(r.width), y0 + GLint(r.height),
                              GLint(r.x), GLint(height - r.y), GLint(r.x + r.width), GLint(height - r.y - r.height),
                              GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        try GLCheck.noError("glBlitFramebuffer of \(rects.count) rects into the window")
    }
}
