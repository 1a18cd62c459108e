import CGLES3
import Lamina

/// Reading the canvas back in part.
extension GLESDevice {
    /// Copies each rect of `region` of the canvas into `bitmap` (the canvas's size).
    func readPixels(_ region: DamageRegion, of canvas: RenderTarget, into bitmap: inout Bitmap) throws {
        canvas.bind()
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var rows = [UInt8]()
        for rect in region.rects {
            guard let r = rect.clamped(width: canvas.width, height: canvas.height) else { continue }
            rows.removeAll(keepingCapacity: true)
            rows.append(contentsOf: repeatElement(0, count: r.width * r.height * 4))
            rows.withUnsafeMutableBufferPointer { buffer in
                glReadPixels(GLint(canvas.originX + r.x), GLint(canvas.originY + r.y), GLsizei(r.width), GLsizei(r.height),
                             GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), buffer.baseAddress)
            }
            rows.withUnsafeBufferPointer { bitmap.copy(r, from: $0, rowLength: r.width, originX: r.x, originY: r.y) }
        }
        try GLCheck.noError("glReadPixels of \(region.rects.count) damage rects")
    }
}
