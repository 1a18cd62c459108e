import CEGL
import Foundation
import Lamina

/// The OpenGL ES 3 renderer: executes a `RenderPlan` on a headless EGL context (see `EGLDisplayConnection`),
/// drawing screen-aligned quads whose fragment shaders evaluate each command's coverage exactly as the pixel
/// contract states.
///
/// It is three parts: the device (the context, the compiled programs and the resources kept across frames —
/// the canvas, atlas pages, a pool of render targets, the caches of images, masks, shadow tables, glyphs,
/// text runs and rasterized layers), a frame builder that turns each plan into steps without calling GL, and
/// the issuer that draws the steps. Everything is freed in `deinit`. Use from one thread at a time; every
/// call makes the context current on the calling thread and releases it on return.
public final class GLESBackend: RenderBackend {
    public let name = "gpu"
    /// The GL side: context, programs, resources (`GLESDevice`).
    let device: GLESDevice
    /// The options the backend was made with. Its draw strategy switches (culling, atlas, batching, fusion,
    /// collapse, fetch aside, replay, text run cache) may be changed between frames and apply from the next
    /// one, with their prerequisites resolved (`DrawStrategies`); the pixels stay the same. Platform, shaders
    /// and cache sizes are fixed when the backend is made.
    public var options: GLESOptions {
        get { builder.options }
        set { builder.options = newValue }
    }
    /// Builds each frame as steps (`FrameBuilder`), with the device's resources.
    let builder: FrameBuilder
    /// Issues the steps onto the device's context.
    let issuer: FrameIssuer
    /// At most this many flushes of a frame wait to be rasterized (see `FrameIssuer`).
    static let flushesInFlight = 2

    /// Opens the display (see `EGLDisplayConnection`) and compiles the shaders (`ShaderLibrary`) as
    /// `options` say.
    public convenience init(options: GLESOptions = GLESOptions()) throws {
        try self.init(options: options, connection: try EGLDisplayConnection(platform: options.platform))
    }

    /// Opens EGL on a window system's display (see `NativeDisplay`; `options.platform` is not used): the
    /// backend renders as usual and can also show its canvas in that system's windows (`GLESWindowSurface`).
    public convenience init(options: GLESOptions = GLESOptions(), native: NativeDisplay) throws {
        try self.init(options: options, connection: try EGLDisplayConnection(native: native))
    }

    private init(options: GLESOptions, connection: EGLDisplayConnection) throws {
        device = try GLESDevice(options: options, connection: connection)
        let issuer = FrameIssuer(stream: device.instanceStream, programs: device.programs, maximumInFlight: GLESBackend.flushesInFlight)
        self.issuer = issuer
        builder = FrameBuilder(resources: device.resources, info: device.info, options: options) { issuer.issue($0) }
    }

    /// GL textures and framebuffers alive right now (canvas, pool, caches): flat across frames when
    /// nothing leaks.
    public var liveObjectCounts: GLObjectCounts { objects.counts }

    /// The textures and framebuffers of `liveObjectCounts` held by caches bounded by bytes (image textures,
    /// shadow tables, rasterized layers' targets): how many there are follows the sizes of what is cached,
    /// not the frames drawn.
    public var cachedObjectCounts: GLObjectCounts {
        let targets = resources.rasterCache.statistics.entries
        return GLObjectCounts(textures: resources.imageTextures.statistics.entries + resources.shadowTables.statistics.entries
                                  + resources.maskTextures.statistics.entries + targets,
                              framebuffers: targets)
    }

    public var rasterCacheStatistics: CacheStatistics { resources.rasterCache.statistics }

    /// The glyph atlas: its texture's bytes (fixed once made), glyphs held, layers emptied to make room
    /// and glyph images uploaded so far.
    public var glyphAtlasStatistics: (bytes: Int, glyphs: Int, evictions: Int, uploads: Int) {
        let s = resources.glyphAtlas.statistics
        return (resources.glyphAtlas.bytes, s.glyphs, s.evictions, s.uploads)
    }

    /// The text run cache: its texture's bytes (0 until a run is kept), runs kept, layers emptied to make room
    /// and runs drawn into it so far.
    public var textRunCacheStatistics: (bytes: Int, runs: Int, evictions: Int, renders: Int) {
        let s = resources.textRuns.statistics
        return (resources.textRuns.bytes, s.runs, s.evictions, s.renders)
    }

    /// Hits and misses of the image texture cache.
    public var imageTextureStatistics: CacheStatistics { resources.imageTextures.statistics }

    public func execute(_ plan: RenderPlan) throws {
        try execute(plan, region: nil)
    }

    public func execute(_ plan: RenderPlan, region: DamageRegion?) throws {
        try builder.preflight(plan)
        try connection.makeCurrent()
        defer { connection.releaseCurrent() }
        issuer.beginFrame()
        defer { issuer.finishFrame() }
        try builder.build(plan, region: region) { issuer.finish() }
        try GLCheck.noError("executing a plan of \(plan.commands.count) commands")
        try device.checkContext()
    }

    public func readBack() throws -> Bitmap {
        guard let canvas else { throw GLESError.unsupported("readBack() before execute()") }
        try connection.makeCurrent()
        defer { connection.releaseCurrent() }
        return try objects.readPixels(of: canvas)
    }

    /// Reads each rect of `region` (measured on an H100: reading the box holding the rects at once instead
    /// cost more on the animated benchmark scenes, the transfer growing with the box).
    public func readBack(_ region: DamageRegion, into bitmap: inout Bitmap) throws {
        guard let canvas else { throw GLESError.unsupported("readBack(_:into:) before execute()") }
        guard canvas.width == bitmap.width, canvas.height == bitmap.height else { bitmap = try readBack(); return }
        try connection.makeCurrent()
        defer { connection.releaseCurrent() }
        try device.readPixels(region, of: canvas, into: &bitmap)
    }
}
