import Lamina

/// What frames are drawn with and kept across frames: the canvas, the offscreen atlas pages, a pool of render
/// targets, and the caches of image textures, coverage masks, shadow tables, glyphs, text runs and rasterized
/// layers. All of it is made of `GPUObjects`, so the frame builder that uses it never calls GL itself: with
/// `GLObjects` these are textures and framebuffers of the device's context; with `SymbolicObjects` only
/// numbers.
final class GPUResources {
    let objects: any GPUObjects
    /// GL_MAX_TEXTURE_SIZE of the context.
    let maxTextureSize: Int
    let pool = RenderTargetPool()
    let releases = DeferredReleases()
    let imageTextures: ImageTextureCache
    /// Coverage masks kept between plans (shape content), by their identity.
    let maskTextures: MaskTextureCache
    let rasterCache: LRUCache<Int, RenderTarget>
    /// Glyph images of text, kept across frames.
    let glyphAtlas: GlyphAtlas
    /// Text runs drawn once and composited on later frames.
    let textRuns: TextRunCache
    let shadowTables: ShadowTableCache
    /// The format of blur intermediates (`.r32f` where the context renders into float textures).
    let blurFormat: RenderTargetFormat
    /// The canvas, kept across frames of the same size.
    var canvas: RenderTarget?
    /// The offscreen atlas pages, kept across frames (see `OffscreenAtlas`).
    var atlasPages: [RenderTarget] = []
    /// Frames built so far (pooled targets are kept by the frame they were last used in).
    var frame = 0

    /// Sets up empty caches sized as `options` say.
    init(objects: any GPUObjects, options: GLESOptions, maxTextureSize: Int, blurFormat: RenderTargetFormat) {
        self.objects = objects
        self.maxTextureSize = maxTextureSize
        self.blurFormat = blurFormat
        let releases = self.releases
        imageTextures = ImageTextureCache(byteLimit: options.imageCacheByteLimit, objects: objects) { releases.evict($0) }
        maskTextures = MaskTextureCache(byteLimit: 64 << 20) { releases.evict($0) }
        rasterCache = LRUCache(byteLimit: options.rasterCacheByteLimit) { releases.targets.append($0) }
        glyphAtlas = GlyphAtlas(objects: objects, side: options.glyphAtlasSide, layers: options.glyphAtlasLayers)
        textRuns = TextRunCache(objects: objects, side: options.textRunCacheSide, layers: options.textRunCacheLayers)
        shadowTables = ShadowTableCache(byteLimit: 32 << 20, objects: objects) { releases.evict($0) }
    }

    /// Deletes everything (with the device's context current).
    func deleteAll() {
        rasterCache.removeAll()
        imageTextures.removeAll()
        maskTextures.removeAll()
        shadowTables.removeAll()
        glyphAtlas.delete()
        textRuns.delete()
        flushReleases()
        pool.removeAll(objects: objects)
        for page in atlasPages { objects.deleteTarget(page) }
        atlasPages = []
        canvas.map(objects.deleteTarget)
        canvas = nil
    }

    /// The canvas of this size (made anew when the size changed).
    func canvasTarget(width: Int, height: Int) throws -> RenderTarget {
        guard width > 0, height > 0, width <= maxTextureSize, height <= maxTextureSize else {
            throw GLESError.unsupported("canvas \(width)×\(height) outside 1…\(maxTextureSize) (GL_MAX_TEXTURE_SIZE)")
        }
        if let c = canvas, c.width == width, c.height == height { return c }
        canvas.map(objects.deleteTarget)
        canvas = nil
        let c = try objects.makeTarget(width: width, height: height, format: .rgba8)
        canvas = c
        return c
    }

    /// Gives back what a frame borrowed: pooled targets, its temporary textures and what caches evicted.
    func finishFrame(_ state: inout FrameState) {
        for t in state.pooled { pool.release(t, frame: frame) }
        for t in state.temporaryTextures { objects.deleteTexture(t) }
        state.pooled.removeAll()
        state.temporaryTextures.removeAll()
        flushReleases()
        pool.trim(frame: frame, objects: objects)
    }

    /// Returns evicted targets to the pool and deletes evicted textures.
    func flushReleases() {
        for t in releases.targets { pool.release(t, frame: frame) }
        for t in releases.textures { objects.deleteTexture(t) }
        releases.targets.removeAll()
        releases.textures.removeAll()
    }

    /// An AlphaMask as an R8 texture: kept across frames for a mask with an identity (`MaskTextureCache`),
    /// else added to `frameTextures` (deleted when the frame ends).
    func maskTexture(_ mask: AlphaMask, frameTextures: inout [UInt32]) throws -> UInt32 {
        guard mask.width <= maxTextureSize, mask.height <= maxTextureSize else {
            throw GLESError.unsupported("\(mask) exceeds GL_MAX_TEXTURE_SIZE \(maxTextureSize)")
        }
        if let identity = mask.identity, let kept = maskTextures.texture(for: identity) { return kept }
        let texture = try mask.alpha.withUnsafeBytes { bytes in
            try objects.makeTexture(width: mask.width, height: mask.height, format: .r8, pixels: bytes.baseAddress,
                                    linear: false, what: "R8 \(mask)")
        }
        if let identity = mask.identity {
            maskTextures.insert(texture, for: identity, bytes: mask.alpha.count)
        } else {
            frameTextures.append(texture)
        }
        return texture
    }

    /// A mip-chain texture of a target's pixels, for trilinear sampling of an offscreen (the steps drawing
    /// into it must have been issued).
    func mipChain(of target: RenderTarget) throws -> ImageTextureCache.Entry {
        let levels = MipChain(try objects.readPixels(of: target)).levels
        return ImageTextureCache.Entry(texture: try objects.makeTexture(levels: levels), levels: levels.count)
    }
}
