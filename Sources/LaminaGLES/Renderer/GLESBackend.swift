import CEGL
import Foundation
import Lamina

/// The OpenGL ES 3 renderer: executes a `RenderPlan` on a headless EGL context (see `EGLDisplayConnection`),
/// drawing one screen-aligned quad per command whose fragment shader evaluates the command's coverage
/// exactly as the pixel contract states.
///
/// Resources kept across frames: the canvas, a pool of render targets (offscreens, blur passes), image
/// textures (LRU) and the shouldRasterize cache (LRU). Everything is freed in `deinit`. Use from one
/// thread at a time; every call makes the context current on the calling thread and releases it on return.
public final class GLESBackend: RenderBackend {
    public let name = "gpu"
    /// The GL side: context, programs, targets and caches (`GLESDevice`).
    let device: GLESDevice
    /// The options the backend was made with. Its draw strategy switches (culling, atlas, batching, fusion,
    /// collapse, fetch aside, replay, text run cache) may be changed between frames and apply from the next
    /// one, with their prerequisites resolved (`DrawStrategies`); the pixels stay the same. Platform, shaders
    /// and cache sizes are fixed when the backend is made.
    public var options: GLESOptions
    /// Combined draws since the counts were last reset (for tests and profiling).
    var counts = DrawCounts()
    var recorded = RecordedDraws()
    /// The steps of the frame being built (`GPUStep`), issued by `issuer`.
    var steps = FrameSteps()
    let issuer: FrameIssuer
    /// Whether `execute` keeps every step of its frame in `lastFrameSteps` (for tests and `lamina frame`).
    public var keepsFrameSteps = false
    /// The steps of the last frame executed while `keepsFrameSteps` was on.
    var lastFrameSteps: [GPUStep] = []

    /// The last frame executed while `keepsFrameSteps` was on, as text: each pass's target, then its clears
    /// and draws (program, quads, texture units, blending) and the flushes between them.
    public var lastFrameDescription: String {
        var names: [UInt32: String] = [:]
        if let canvas { names[canvas.framebuffer] = "canvas \(canvas.width)×\(canvas.height)" }
        for (i, page) in atlasPages.enumerated() { names[page.framebuffer] = "atlas page \(i) \(page.width)×\(page.height)" }
        for (i, framebuffer) in device.textRuns.framebuffers.enumerated() { names[framebuffer] = "text run cache layer \(i)" }
        return FrameStepsDescription(steps: lastFrameSteps, names: names).description
    }
    /// The canvas draws queued in this frame, and the draws of the atlas page being drawn.
    var batches = CanvasBatches()
    var pageBatches = CanvasBatches()
    /// What the last plan's preparation found, reused while the plan stays the same.
    var lastPreparation: PlanPreparation?
    /// The frame flushes after every this many commands, with at most `flushesInFlight` flushes not yet
    /// rasterized (see `FlushPacer`, `FrameIssuer`): llvmpipe keeps every draw of a flush binned per tile, with a copy of
    /// its shader state (tens of kB) per draw, until it rasterizes them. Measured on cards-1000 and
    /// cards-5000 at scale 2: 64 commands kept peak memory near what per-group flushes gave, 256 and
    /// 1024 added 20–40 MB and more, with no gain in speed.
    static let commandsPerFlush = 64
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
        issuer = FrameIssuer(stream: device.instanceStream, programs: device.programs, maximumInFlight: GLESBackend.flushesInFlight)
        self.options = options
    }

    /// GL textures and framebuffers alive right now (canvas, pool, caches): flat across frames when
    /// nothing leaks.
    public var liveObjectCounts: GLObjectCounts { objects.counts }

    /// The textures and framebuffers of `liveObjectCounts` held by caches bounded by bytes (image textures,
    /// shadow tables, rasterized layers' targets): how many there are follows the sizes of what is cached,
    /// not the frames drawn.
    public var cachedObjectCounts: GLObjectCounts {
        let targets = rasterCache.statistics.entries
        return GLObjectCounts(textures: imageTextures.statistics.entries + shadowTables.statistics.entries
                                  + device.maskTextures.statistics.entries + targets,
                              framebuffers: targets)
    }

    public var rasterCacheStatistics: CacheStatistics { rasterCache.statistics }

    /// The glyph atlas: its texture's bytes (fixed once made), glyphs held, layers emptied to make room
    /// and glyph images uploaded so far.
    public var glyphAtlasStatistics: (bytes: Int, glyphs: Int, evictions: Int, uploads: Int) {
        let s = device.glyphAtlas.statistics
        return (device.glyphAtlas.bytes, s.glyphs, s.evictions, s.uploads)
    }

    /// The text run cache: its texture's bytes (0 until a run is kept), runs kept, layers emptied to make room
    /// and runs drawn into it so far.
    public var textRunCacheStatistics: (bytes: Int, runs: Int, evictions: Int, renders: Int) {
        let s = device.textRuns.statistics
        return (device.textRuns.bytes, s.runs, s.evictions, s.renders)
    }

    /// Hits and misses of the image texture cache.
    public var imageTextureStatistics: CacheStatistics { imageTextures.statistics }

    public func execute(_ plan: RenderPlan) throws {
        try execute(plan, region: nil)
    }

    public func execute(_ plan: RenderPlan, region: DamageRegion?) throws {
        try preflight(plan)
        try connection.makeCurrent()
        defer { connection.releaseCurrent() }
        frame += 1
        let previous = self.canvas
        let canvas = try device.canvasTarget(width: plan.width, height: plan.height)
        steps = FrameSteps(keep: keepsFrameSteps)
        batches = CanvasBatches()
        pageBatches = CanvasBatches()
        issuer.beginFrame()
        if let region, previous == canvas {
            emit(.clear(canvas, rects: region.rects.map { QuadPiece(x0: $0.x, y0: $0.y, x1: $0.x + $0.width, y1: $0.y + $0.height) },
                        color: plan.clearColor))
        } else {
            emit(.clear(canvas, rects: nil, color: plan.clearColor))
        }
        let strategies = DrawStrategies(options, linearFloatTextures: info.linearFloatTextures)
        let preparation = try prepare(plan, strategies: strategies)
        let planWalk = PlanWalk(plan, surfaces: preparation.surfaces, releasePoints: preparation.releasable)
        var walk = FrameWalk(backend: self, plan: plan, state: FrameState(canvas: canvas, strategies: strategies,
                                                                                 preparation: preparation, walk: planWalk))
        defer {
            issuer.finishFrame()
            device.finishFrame(&walk.state)
        }
        recorded.check(evictions: releases.evictions)
        if let visibility = preparation.visibility { drawOpaquePass(visibility.opaqueInstances, target: canvas) }
        if let atlas = preparation.atlas { try preparePages(for: atlas) }
        try planWalk.walk(&walk)
        flushBatches()
        issuePending()
        lastFrameSteps = steps.kept ?? []
        issuer.finish()
        try GLCheck.noError("executing a plan of \(plan.commands.count) commands")
        try device.checkContext()
    }

    public func readBack() throws -> Bitmap {
        guard let canvas else { throw GLESError.unsupported("readBack() before execute()") }
        try connection.makeCurrent()
        defer { connection.releaseCurrent() }
        return try device.readPixels(of: canvas)
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
