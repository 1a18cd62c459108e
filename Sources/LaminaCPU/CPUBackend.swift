import Dispatch
import Lamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference renderer: executes a `RenderPlan` on the CPU with every core.
///
/// Runs of draw commands on one target are executed band-parallel: the target's rows are split into
/// horizontal bands and each band runs the whole run clipped to its rows (commands are independent
/// per pixel). Each band first culls what later opaque fills of the run hide (`VisibilityPass`).
/// Offscreen buffers, image crops, mip chains and shouldRasterize bitmaps are kept across frames.
public final class CPUBackend: RenderBackend {
    public let name = "cpu"
    /// Worker threads (bands run on `DispatchQueue.concurrentPerform`); 1 = run on the calling thread.
    public let threadCount: Int
    /// Byte budget of the shouldRasterize cache.
    public static let rasterCacheByteLimit = 256 << 20
    /// Whether runs skip the pixels that later opaque fills of the same run store over; the pixels
    /// are the same either way (the CLI turns it off for `LAMINA_CPU_OCCLUSION=0`).
    public var occlusionCulling: Bool
    /// What culling skipped in the last frame.
    public private(set) var occlusionStatistics = OcclusionStatistics()

    /// The canvas's pixels, kept as the array a read back hands out: `readBack()` shares it instead of copying
    /// it. A frame drawn whole after a read back draws into a new array (one without draws into this one), and a
    /// frame drawn in part writes into this one (copied first by the array itself only while a bitmap handed out
    /// still shares it).
    private var canvasPixels: [UInt8] = []
    private var canvasSize: (width: Int, height: Int)?
    /// Whether `readBack()` handed out `canvasPixels` since it was last written.
    private var handedOut = false
    private let rasterCache = LRUCache<Int, PixelBuffer>(byteLimit: CPUBackend.rasterCacheByteLimit)
    private let textures = TextureCache()
    /// The images of the glyph runs drawn, kept while frames draw them.
    let glyphRunImages = GlyphRunImages()
    private let shadowTables = ShadowTableStore()
    /// Offscreen buffers free for reuse (those of the previous frame), and those lent to the current frame.
    private var freeBuffers: [PixelBuffer] = []
    private var frameBuffers: [PixelBuffer] = []
    private var lentBytes = 0
    /// The most bytes of offscreen buffers lent out at once during the last frame.
    public private(set) var peakOffscreenBytes = 0

    /// - Parameters:
    ///   - threads: worker count; default: the number of online processors.
    ///   - occlusionCulling: see `occlusionCulling`.
    public init(threads: Int? = nil, occlusionCulling: Bool = true) {
        threadCount = max(1, threads ?? CPUBackend.processorCount)
        self.occlusionCulling = occlusionCulling
    }

    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    public var rasterCacheStatistics: CacheStatistics { rasterCache.statistics }

    public func execute(_ plan: RenderPlan) throws {
        try execute(plan, region: nil)
    }

    public func execute(_ plan: RenderPlan, region: DamageRegion?) throws {
        guard plan.width > 0, plan.height > 0 else {
            throw RenderError(.internal, "cpu: render plan has an empty canvas \(plan.width)×\(plan.height)")
        }
        let clear = plan.clearColor.bytes, width = plan.width, height = plan.height
        let sameSize = canvasSize.map { $0 == (width, height) } ?? false
        let fresh = !sameSize || (region == nil && handedOut)
        if fresh {
            canvasPixels = []
            canvasPixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { bytes, count in
                PixelBuffer(viewing: bytes.baseAddress!, width: width, height: height).clear(to: clear)
                count = width * height * 4
            }
            canvasSize = (width, height)
        }
        handedOut = false
        try canvasPixels.withUnsafeMutableBufferPointer { bytes in
            let target = PixelBuffer(viewing: bytes.baseAddress!, width: width, height: height)
            if !fresh {
                if let region {
                    for r in region.rects { target.clear(r, to: clear) }
                } else {
                    target.clear(to: clear)
                }
            }
            try run(plan, on: target)
        }
    }

    /// Draws `plan` on `target`, its region already cleared.
    private func run(_ plan: RenderPlan, on target: PixelBuffer) throws {
        freeBuffers = frameBuffers
        frameBuffers.removeAll()
        trimFreeBuffers()
        lentBytes = 0
        peakOffscreenBytes = 0
        occlusionStatistics = OcclusionStatistics()
        defer { textures.endFrame(); glyphRunImages.endFrame() }
        var run = try PlanRun(plan: plan, canvas: target, backend: self)
        try run.execute()
    }

    public func readBack() throws -> Bitmap {
        guard let size = canvasSize else { throw RenderError(.internal, "cpu: readBack before any execute") }
        handedOut = true
        return Bitmap(width: size.width, height: size.height, pixels: canvasPixels)
    }

    public func readBack(_ region: DamageRegion, into bitmap: inout Bitmap) throws {
        guard let size = canvasSize else { throw RenderError(.internal, "cpu: readBack before any execute") }
        guard size.width == bitmap.width, size.height == bitmap.height else { bitmap = try readBack(); return }
        canvasPixels.withUnsafeBufferPointer { source in
            for rect in region.rects { bitmap.copy(rect, from: source, rowLength: size.width) }
        }
    }

    // MARK: Services for PlanRun

    /// A transparent buffer of this size, reused from earlier frames when possible.
    func borrowBuffer(width: Int, height: Int) -> PixelBuffer {
        let b: PixelBuffer
        if let i = freeBuffers.firstIndex(where: { $0.width == width && $0.height == height }) {
            b = freeBuffers.remove(at: i)
            b.clear(to: SIMD4(repeating: 0))
        } else {
            b = PixelBuffer(width: width, height: height)
        }
        frameBuffers.append(b)
        lentBytes += b.byteCount
        peakOffscreenBytes = max(peakOffscreenBytes, lentBytes)
        return b
    }

    /// Takes back a buffer lent to this frame whose pixels nothing reads any more.
    func releaseBuffer(_ buffer: PixelBuffer) {
        guard let i = frameBuffers.firstIndex(where: { $0 === buffer }) else { return }
        freeBuffers.append(frameBuffers.remove(at: i))
        lentBytes -= buffer.byteCount
    }

    /// The most bytes of free offscreen buffers kept for later frames.
    static let freeBufferByteLimit = 64 << 20

    /// Drops the oldest free buffers past `freeBufferByteLimit`, so one large frame does not keep its
    /// peak memory for the life of the backend.
    private func trimFreeBuffers() {
        var bytes = 0
        let kept = freeBuffers.reversed().prefix { bytes += $0.byteCount; return bytes <= CPUBackend.freeBufferByteLimit }.count
        freeBuffers.removeFirst(freeBuffers.count - kept)
    }

    /// Hands a finished offscreen to the raster cache (it is never drawn into again).
    func cache(_ buffer: PixelBuffer, key: Int) {
        frameBuffers.removeAll { $0 === buffer }
        lentBytes -= buffer.byteCount
        rasterCache.insert(key, buffer, cost: buffer.byteCount)
    }

    func cachedRaster(_ key: Int) -> PixelBuffer? { rasterCache.lookup(key) }

    func texture(_ image: Image, crop: PixelRect, mipmapped: Bool) -> Texture? {
        textures.texture(image, crop: crop, mipmapped: mipmapped)
    }

    /// Pixels a band should have to draw before a run is split further (starting a band on another thread
    /// costs about as much). Small offscreens were split into as many bands as the canvas, which cost
    /// group-opacity (201 offscreens of 2 000 to 68 000 px) time and CPU time; 16 384 and 1 024 px measured
    /// no better than this.
    static let pixelsPerBand = 4_096

    /// Bands for a run whose commands may touch `boxes`: one per `pixelsPerBand` pixels they cover (overlaps
    /// counted), at most four per thread and one per row of the target.
    static func bands(for boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)], target: PixelBuffer, threads: Int) -> Int {
        guard threads > 1 else { return 1 }
        let most = min(target.height, threads * 4)
        var pixels = 0
        for b in boxes {
            let w = min(b.x1, target.width) - max(b.x0, 0), h = min(b.y1, target.height) - max(b.y0, 0)
            if w > 0 && h > 0 { pixels += w * h }
            if pixels >= most * pixelsPerBand { return most }
        }
        return max(1, min(most, pixels / pixelsPerBand))
    }

    /// Runs `body` for each band, on the calling thread when there is one.
    static func perform(_ bands: Int, _ body: @Sendable (Int) -> Void) {
        if bands == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: body) }
    }

    func shadowTable(for shape: RoundedRect, sigma: Double) -> ShadowTable? {
        shadowTables.table(for: shape, sigma: sigma)
    }

    /// The visible area of each command in the pass's band: walked from the last command to the first, each
    /// reveals its bounds, then covers its solid pixels (an opaque fill's fully covered, unclipped interior or
    /// an opaque image's, which it stores without blending). `boxes` and `occludes` are found once for all bands.
    static func visibleAreas(of commands: [PreparedCommand], boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)], occludes: [Bool],
                             pass: inout VisibilityPass) -> [VisibleArea] {
        var areas = [VisibleArea](repeating: .hidden, count: commands.count)
        commands.withUnsafeBufferPointer { list in
            for i in stride(from: list.count - 1, through: 0, by: -1) {
                let b = boxes[i]
                guard b.y0 < b.y1, b.x0 < b.x1, b.y0 < pass.rows.upperBound, b.y1 > pass.rows.lowerBound else { continue }
                let ys = b.y0..<b.y1
                areas[i] = pass.reveal(rows: ys, columns: b.x0..<b.x1)
                if occludes[i], !areas[i].isHidden { list[i].cover(rows: ys, in: &pass) }
            }
        }
        return areas
    }

    /// The rows and columns of `target` that commands with these `boxes` may touch; nil when none.
    static func reach(of boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)], target: PixelBuffer) -> (rows: Range<Int>, columns: Range<Int>)? {
        var x0 = target.width, y0 = target.height, x1 = 0, y1 = 0
        for b in boxes where b.x0 < b.x1 && b.y0 < b.y1 {
            x0 = min(x0, b.x0); y0 = min(y0, b.y0); x1 = max(x1, b.x1); y1 = max(y1, b.y1)
        }
        let rows = max(0, y0)..<max(max(0, y0), min(target.height, y1)), columns = max(0, x0)..<max(max(0, x0), min(target.width, x1))
        return rows.isEmpty || columns.isEmpty ? nil : (rows, columns)
    }

    /// Runs `commands` on `target`, band-parallel; stops between commands once `cancellation` is cancelled.
    /// Bands split the target's rows (splitting only the rows the commands reach counted 8 % more instructions
    /// on listing 4.7: each band set up more draws); each band's visibility pass covers only what they reach.
    func run(_ commands: [PreparedCommand], on target: PixelBuffer, cancellation: RenderCancellation? = nil) {
        guard !commands.isEmpty else { return }
        let n = commands.count
        let cull = occlusionCulling && commands.count > 1
        let boxes = commands.map(\.bounds)
        guard let reach = Self.reach(of: boxes, target: target) else { return }
        let bands = Self.bands(for: boxes, target: target, threads: threadCount)
        var drawn = [Bool](repeating: !cull, count: cull ? bands * n : 0)
        let occludes = cull ? commands.map(\.occludes) : []
        var hidden = [Int](repeating: 0, count: bands)
        drawn.withUnsafeMutableBufferPointer { drawnBuffer in
            hidden.withUnsafeMutableBufferPointer { hiddenBuffer in
                nonisolated(unsafe) let drawn = drawnBuffer, hidden = hiddenBuffer
                Self.perform(bands) { b in
                    let h = target.height
                    let rows = (h * b / bands)..<(h * (b + 1) / bands)
                    guard cull else {
                        for c in commands where cancellation?.isCancelled != true { c.draw(into: target, rows: rows) }
                        return
                    }
                    var pass = VisibilityPass(rows: rows.clamped(to: reach.rows), columns: reach.columns)
                    let areas = Self.visibleAreas(of: commands, boxes: boxes, occludes: occludes, pass: &pass)
                    commands.withUnsafeBufferPointer { list in
                        for i in 0..<n where cancellation?.isCancelled != true {
                            pass.withSpans(of: areas[i]) { v in
                                drawn[b * n + i] = true
                                list[i].draw(into: target, rows: rows, visible: v)
                            }
                        }
                    }
                    hidden[b] = pass.hiddenPixels
                }
            }
        }
        occlusionStatistics.commands += n
        guard cull else { return }
        occlusionStatistics.hiddenPixels += hidden.reduce(0, +)
        for i in 0..<n where !(0..<bands).contains(where: { drawn[$0 * n + i] }) { occlusionStatistics.culledCommands += 1 }
    }
}
