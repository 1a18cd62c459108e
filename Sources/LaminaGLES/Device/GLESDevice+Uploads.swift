import CGLES3
import Lamina

/// The GL work a frame asks of the device while it is built, outside its steps: uploading coverage masks,
/// reading a target's pixels, making an offscreen's mip chain. The caller issues the frame's pending steps
/// first where the pixels read depend on them.
extension GLESDevice {
    /// An AlphaMask as an R8 texture: kept across frames for a mask with an identity (`MaskTextureCache`),
    /// else added to `frameTextures` (deleted when the frame ends).
    func maskTexture(_ mask: AlphaMask, frameTextures: inout [GLuint]) throws -> GLuint {
        guard mask.width <= info.maxTextureSize, mask.height <= info.maxTextureSize else {
            throw GLESError.unsupported("\(mask) exceeds GL_MAX_TEXTURE_SIZE \(info.maxTextureSize)")
        }
        if let identity = mask.identity, let kept = maskTextures.texture(for: identity) { return kept }
        let texture = try mask.alpha.withUnsafeBytes { bytes in
            try objects.makeTexture(width: mask.width, height: mask.height, internalFormat: GL_R8, format: GL_RED, type: GL_UNSIGNED_BYTE,
                                    alignment: 1, pixels: bytes.baseAddress, what: "R8 \(mask)")
        }
        if let identity = mask.identity {
            maskTextures.insert(texture, for: identity, bytes: mask.alpha.count)
        } else {
            frameTextures.append(texture)
        }
        return texture
    }

    /// The pixels of a target, row 0 = top.
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

    /// A mip-chain texture of a target's pixels, for trilinear sampling of an offscreen.
    func mipChain(of target: RenderTarget) throws -> ImageTextureCache.Entry {
        try ImageTextureCache.upload(MipChain(try readPixels(of: target)).levels, objects: objects)
    }
}
