import Lamina

/// The GPU objects a frame's resources are made of — targets, textures, array textures and their layers —
/// behind the small interface the caches, the pool and the frame builder use. `GLObjects` makes them with
/// GL on the current context; `SymbolicObjects` only numbers them, so that a frame can be built and its
/// steps inspected without a context.
protocol GPUObjects: AnyObject {
    /// The textures and framebuffers alive now.
    var counts: GLObjectCounts { get }
    /// A texture of `width` × `height` in `format` with a framebuffer that renders into it.
    func makeTarget(width: Int, height: Int, format: RenderTargetFormat) throws -> RenderTarget
    /// A one-channel 2-D texture uploaded from `pixels` (tightly packed rows), filtered linearly or by
    /// nearest texel; a failure is thrown naming `what`.
    func makeTexture(width: Int, height: Int, format: ChannelFormat, pixels: UnsafeRawPointer?, linear: Bool,
                     what: String) throws -> UInt32
    /// A premultiplied RGBA8 texture of these levels (level 0 first), filtered trilinearly when there are several.
    func makeTexture(levels: [Bitmap]) throws -> UInt32
    /// An RGBA8 2-D array texture of `layers` layers of `side`² texels with nearest filtering.
    func makeArrayTexture(side: Int, layers: Int) -> UInt32
    /// One framebuffer per layer of an array texture; nil when a layer cannot be rendered into.
    func makeLayerFramebuffers(of texture: UInt32, layers: Int) -> [UInt32]?
    /// Writes RGBA8 `pixels` of `width` × `height` into layer `layer` of an array texture at (x, y).
    func upload(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, into texture: UInt32, x: Int, y: Int, layer: Int)
    /// The pixels of a target, row 0 = top (after the steps issued so far are drawn).
    func readPixels(of target: RenderTarget) throws -> Bitmap
    func deleteTexture(_ id: UInt32)
    func deleteFramebuffer(_ id: UInt32)
}

/// The one-channel formats of textures uploaded from memory.
enum ChannelFormat {
    /// 8-bit coverage (masks).
    case r8
    /// 32-bit float (shadow tables).
    case r32f
}

extension GPUObjects {
    /// Deletes a target's framebuffer and texture.
    func deleteTarget(_ target: RenderTarget) {
        deleteFramebuffer(target.framebuffer)
        deleteTexture(target.texture)
    }
}
