import CEGL
import CGLES3
import Lamina

/// What the GPU backend holds on the GL side: the EGL connection and its context, the compiled programs,
/// every GL object it made (the canvas, atlas pages, pooled targets) and the caches of textures, shadow
/// tables and rasterized layers. It creates them with the context current and deletes them all, in
/// order, when it goes; the backend draws with them (see `GLESBackend`).
final class GLESDevice {
    /// The platform, driver and limits in use.
    let info: GLESInfo
    /// Where the shaders came from.
    let shaderOrigin: String
    let connection: EGLDisplayConnection
    let objects = GLObjects()
    let programs: DrawPrograms
    /// The vertex buffer instanced draws stream their instances through.
    let instanceStream: InstanceStream
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
    let blurFormat: RenderTargetFormat
    /// The canvas, kept across frames of the same size.
    var canvas: RenderTarget?
    /// The offscreen atlas pages, kept across frames (see `OffscreenAtlas`).
    var atlasPages: [RenderTarget] = []
    /// Frames executed so far (pooled targets are kept by the frame they were last used in).
    var frame = 0
    private let graphicsResetStatus: (@convention(c) () -> GLenum)?

    /// Compiles the programs (with `LAMINA_DESTINATION_FETCH` where `options` want it and the context has
    /// it) and sets up the caches on `connection`, whose context is current; releases it when done.
    init(options: GLESOptions, connection: EGLDisplayConnection) throws {
        self.connection = connection
        let library = try options.shaderDirectory.map { try ShaderLibrary(directory: $0) } ?? ShaderLibrary()
        shaderOrigin = library.origin
        let extensions = GLCheck.string(GL_EXTENSIONS)
        let floatTargets = extensions.contains("GL_EXT_color_buffer_float")
        blurFormat = floatTargets ? .r32f : .rgba8
        let fetch = options.destinationFetch && extensions.split(separator: " ").contains("GL_EXT_shader_framebuffer_fetch")
        info = GLESInfo(connection: connection, floatBlurTargets: floatTargets, destinationFetch: fetch)
        programs = try DrawPrograms(library: library, destinationFetch: fetch)
        instanceStream = InstanceStream()
        let releases = self.releases
        imageTextures = ImageTextureCache(byteLimit: options.imageCacheByteLimit, objects: objects) { releases.evict($0) }
        maskTextures = MaskTextureCache(byteLimit: 64 << 20) { releases.evict($0) }
        rasterCache = LRUCache(byteLimit: options.rasterCacheByteLimit) { releases.targets.append($0) }
        glyphAtlas = GlyphAtlas(objects: objects, side: options.glyphAtlasSide, layers: options.glyphAtlasLayers)
        textRuns = TextRunCache(objects: objects, side: options.textRunCacheSide, layers: options.textRunCacheLayers)
        shadowTables = ShadowTableCache(byteLimit: 32 << 20, objects: objects) { releases.evict($0) }
        graphicsResetStatus = EGLProcedures.load("glGetGraphicsResetStatus")
            ?? EGLProcedures.load("glGetGraphicsResetStatusKHR") ?? EGLProcedures.load("glGetGraphicsResetStatusEXT")
        try GLCheck.noError("creating the GPU backend")
        connection.releaseCurrent()
    }

    deinit {
        try? connection.makeCurrent()
        rasterCache.removeAll()
        imageTextures.removeAll()
        maskTextures.removeAll()
        shadowTables.removeAll()
        glyphAtlas.delete()
        textRuns.delete()
        flushReleases()
        pool.removeAll(objects: objects)
        for page in atlasPages { page.delete(objects: objects) }
        canvas?.delete(objects: objects)
        programs.delete()
        instanceStream.delete()
        glFinish()
        connection.releaseCurrent()
    }

    /// The canvas of this size (made anew when the size changed).
    func canvasTarget(width: Int, height: Int) throws -> RenderTarget {
        guard width > 0, height > 0, width <= info.maxTextureSize, height <= info.maxTextureSize else {
            throw GLESError.unsupported("canvas \(width)×\(height) outside 1…\(info.maxTextureSize) (GL_MAX_TEXTURE_SIZE)")
        }
        if let c = canvas, c.width == width, c.height == height { return c }
        canvas?.delete(objects: objects)
        canvas = nil
        let c = try RenderTarget.make(width: width, height: height, format: .rgba8, objects: objects)
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

    /// Throws when the context was lost (a GPU reset).
    func checkContext() throws {
        guard let graphicsResetStatus else { return }
        let status = graphicsResetStatus()
        if status != GLenum(GL_NO_ERROR) { throw GLESError.contextLost(status: status) }
    }
}
