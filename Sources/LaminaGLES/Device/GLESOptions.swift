/// How a `GLESBackend` is set up: which EGL platform and shader sources it uses, which of its draw
/// strategies are on, and how much its caches may hold. One value, passed in; the backend reads no
/// environment variables itself (the CLI turns `LAMINA_*` variables into options with
/// `init(environment:)`).
///
/// The strategies change how the plan is drawn, never the pixels it draws (tests compare them); turning
/// one off is for measuring what it gains and for narrowing down a driver problem.
public struct GLESOptions: Sendable, Hashable {
    /// Forces one EGL platform (`gbm`, `device` or `surfaceless`); nil tries them in that order.
    public var platform: String?
    /// Loads the shaders from this folder instead of the sources embedded at build time.
    public var shaderDirectory: String?
    /// Canvas draws skip pixels that later opaque fills and images replace (`CanvasPieces`).
    public var occlusionCulling = true
    /// Simple offscreens share atlas pages drawn in batches (`OffscreenAtlas`).
    public var offscreenAtlas = true
    /// Canvas draws culled on the CPU are issued as instanced batches (`CanvasBatches`). Takes effect on the
    /// canvas only with `occlusionCulling` (batches are built from its visible pieces) and in atlas pages.
    public var batching = true
    /// A batched table shadow and the fill after it are one draw (`drawFused`). Needs `batching`.
    public var shadowFusion = true
    /// Opacity groups of one card are drawn without their offscreen (`CollapsedCard`). Needs `shadowFusion`
    /// and `batching`, and a context with linear filtering of float textures.
    public var groupCollapse = true
    /// Where the context offers EXT_shader_framebuffer_fetch, fused shadow–fill draws and card draws read
    /// the canvas and store their parts as separate draws would (the CPU path's pixels); off, they blend
    /// their composite once (faster on llvmpipe, within a few 1/255 of separate draws). Changes only the draws
    /// that `shadowFusion` and `groupCollapse` make.
    public var destinationFetch = true
    /// The queued draws of canvas-level commands are replayed on later frames of the same plan
    /// (`RecordedDraws`). Needs `batching` (what is replayed is the batches).
    public var replayDraws = true
    /// Bytes the shouldRasterize cache and the image texture cache may hold.
    public var rasterCacheByteLimit = 256 << 20
    public var imageCacheByteLimit = 256 << 20
    /// The glyph atlas: layers of `glyphAtlasSide`² RGBA8 texels (1024² × 4 = 16 MiB). Glyphs are at most
    /// `GlyphRun.maxGlyphSide` a side, so the side must be at least that.
    public var glyphAtlasSide = 1024
    public var glyphAtlasLayers = 4
    /// Text runs that repeat from one frame to the next are drawn once into the text run cache and then
    /// composited as one quad each (`TextRunCache`); off, every run is drawn glyph by glyph every frame.
    public var textRunCache = true
    /// The text run cache: layers of `textRunCacheSide`² RGBA8 texels (1024² × 2 = 8 MiB, made when the first
    /// run is kept). Runs wider or taller than the side are always drawn glyph by glyph.
    public var textRunCacheSide = 1024
    public var textRunCacheLayers = 2

    /// Every strategy on, the platform chosen automatically, embedded shaders.
    public init() {}

    /// The options that `LAMINA_EGL_PLATFORM`, `LAMINA_SHADER_DIR` and the `LAMINA_GPU_*` switches
    /// (`OCCLUSION`, `ATLAS`, `BATCHES`, `FUSION`, `COLLAPSE`, `FETCH`, `REPLAY`, `TEXTCACHE`; `0` turns one
    /// off) ask for.
    public init(environment: [String: String]) {
        platform = environment["LAMINA_EGL_PLATFORM"].flatMap { $0.isEmpty ? nil : $0 }
        shaderDirectory = environment["LAMINA_SHADER_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        occlusionCulling = environment["LAMINA_GPU_OCCLUSION"] != "0"
        offscreenAtlas = environment["LAMINA_GPU_ATLAS"] != "0"
        batching = environment["LAMINA_GPU_BATCHES"] != "0"
        shadowFusion = environment["LAMINA_GPU_FUSION"] != "0"
        groupCollapse = environment["LAMINA_GPU_COLLAPSE"] != "0"
        destinationFetch = environment["LAMINA_GPU_FETCH"] != "0"
        replayDraws = environment["LAMINA_GPU_REPLAY"] != "0"
        textRunCache = environment["LAMINA_GPU_TEXTCACHE"] != "0"
    }
}
