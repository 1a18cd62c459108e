import Lamina

/// One execution of a plan: walks it (`PlanWalk`, every layer item entered) with a stack of targets and prepares
/// draw commands.
///
/// Every target collects its prepared commands as one run, handed to the backend when the target is
/// finished (an offscreen at its `endOffscreen`, the canvas at the end of the plan): draws never read
/// the target they draw into, only finished offscreens and images, so a run need not be cut where an
/// offscreen is nested in it, and the backend sees the whole run at once (see `CPUBackend.visibleAreas`).
struct PlanRun: PlanWalkVisitor {
    private struct Target {
        let id: OffscreenID?
        let buffer: PixelBuffer
        let cacheKey: Int?
        var pending: [PreparedCommand] = []
        /// Finished offscreens that no command after `pending` reads: released once `pending` has run.
        var releasable: [OffscreenID] = []
        var releasableBytes = 0
    }

    /// Pending commands run early (in order, so the pixels are the same) once the offscreens only they
    /// still read hold this many bytes, so that a target with many masked or grouped layers does not keep
    /// every offscreen alive until it ends.
    static let releaseByteThreshold = 64 << 20

    let plan: RenderPlan
    unowned let backend: CPUBackend
    private var stack: [Target]
    /// Finished offscreens by id (rendered this frame or taken from the raster cache).
    private var finished: [PixelBuffer?]
    private var mipmapped: [OffscreenID: Texture] = [:]

    /// Offscreen nesting and readers of the plan (checked: a malformed plan throws here).
    private let surfaces: SurfaceTree

    init(plan: RenderPlan, canvas: PixelBuffer, backend: CPUBackend) throws {
        self.plan = plan
        surfaces = try plan.surfaceTree()
        self.backend = backend
        stack = [Target(id: nil, buffer: canvas, cacheKey: nil)]
        finished = Array(repeating: nil, count: plan.offscreens.count)
    }

    private var target: PixelBuffer { stack[stack.count - 1].buffer }

    mutating func execute() throws {
        try PlanWalk(plan, surfaces: surfaces).walk(&self)
        backend.run(stack[0].pending, on: stack[0].buffer, cancellation: plan.cancellation)
        try plan.cancellation?.check()
        release(stack[0].releasable)
    }

    mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry {
        let o = plan.offscreens[id]
        if let key = o.cacheKey, let hit = backend.cachedRaster(key), hit.width == o.width, hit.height == o.height {
            finished[id] = hit
            return .skip
        }
        stack.append(Target(id: id, buffer: backend.borrowBuffer(width: o.width, height: o.height), cacheKey: o.cacheKey))
        return .enter
    }

    mutating func end(_ id: OffscreenID, at index: Int) throws {
        guard stack.count > 1, stack.last?.id == id else { throw failure("command \(index): endOffscreen of \(id) outside it") }
        let done = stack.removeLast()
        backend.run(done.pending, on: done.buffer, cancellation: plan.cancellation)
        try plan.cancellation?.check()
        release(done.releasable)
        finished[id] = done.buffer
        if let key = done.cacheKey { backend.cache(done.buffer, key: key) }
    }

    mutating func draw(_ command: DrawCommand, at i: Int) throws -> Int {
        switch command {
        case .beginOffscreen, .endOffscreen:
            throw failure("command \(i): an offscreen bracket drawn as a command")
        case .fill(let f):
            if let r = FillRasterizer(f, target: target) { append(.fill(r)) }
        case .border(let b):
            if let r = BorderRasterizer(b, target: target) { append(.border(r)) }
        case .image(let d):
            if let r = try imageRasterizer(d, command: i) { append(.image(r)) }
        case .roundedRectShadow(let s):
            if s.sigma > 0 {
                if let table = backend.shadowTable(for: s.shape, sigma: s.sigma) {
                    if let r = TableShadowRasterizer(s, table: table, target: target) { append(.tableShadow(r)) }
                } else if let r = ShadowRasterizer(s, target: target) { append(.shadow(r)) }
            } else if let r = FillRasterizer(shape: s.shape, transform: s.transform, color: s.color, clip: s.clip, target: target) {
                append(.fill(r))
            }
        case .blurredShadow(let s):
            if let r = try blurredShadowRasterizer(s, command: i) { append(.blurredShadow(r)) }
        case .maskFill(let m):
            if let r = MaskFillRasterizer(m, target: target) { append(.maskFill(r)) }
        case .glyphs(let g):
            if let r = GlyphRunRasterizer(g, target: target, images: backend.glyphRunImages) { append(.glyphs(r)) }
        case .gradient(let g):
            if let r = try gradientRasterizer(g) { append(.image(r)) }
        }
        return 1
    }

    /// Marks offscreens whose last reader was just prepared on the current target (`holdUntilRun`).
    mutating func release(_ ids: [OffscreenID], after index: Int) throws {
        holdUntilRun(ids)
    }

    /// Marks offscreens whose last reader was just prepared on the current target; runs that target's
    /// pending commands early when they hold too much.
    private mutating func holdUntilRun(_ ids: [OffscreenID]) {
        let top = stack.count - 1
        for id in ids where finished[id] != nil {
            stack[top].releasable.append(id)
            stack[top].releasableBytes += finished[id]!.byteCount
        }
        guard stack[top].releasableBytes > PlanRun.releaseByteThreshold else { return }
        backend.run(stack[top].pending, on: stack[top].buffer, cancellation: plan.cancellation)
        stack[top].pending.removeAll()
        release(stack[top].releasable)
        stack[top].releasable.removeAll()
        stack[top].releasableBytes = 0
    }

    /// Forgets finished offscreens nothing reads any more and lends their buffers to later offscreens
    /// (a cached raster stays in the raster cache).
    private mutating func release(_ ids: [OffscreenID]) {
        for id in ids {
            guard let b = finished[id] else { continue }
            finished[id] = nil
            mipmapped[id] = nil
            if plan.offscreens[id].cacheKey == nil { backend.releaseBuffer(b) }
        }
    }

    private mutating func append(_ command: PreparedCommand) {
        stack[stack.count - 1].pending.append(command)
    }

    private func failure(_ message: String) -> RenderError { RenderError(.internal, "cpu: invalid render plan: \(message)") }

    private func finishedOffscreen(_ id: OffscreenID, command: Int) throws -> PixelBuffer {
        guard finished.indices.contains(id), let b = finished[id] else {
            throw failure("command \(command): offscreen \(id) is used before it is finished")
        }
        return b
    }

    private mutating func offscreenTexture(_ id: OffscreenID, mipmapped mip: Bool, command: Int) throws -> Texture {
        let b = try finishedOffscreen(id, command: command)
        guard mip else { return Texture(b) }
        if let t = mipmapped[id] { return t }
        let t = Texture.mipmapped(b.bitmap())
        mipmapped[id] = t
        return t
    }

    private mutating func imageRasterizer(_ d: ImageDraw, command: Int) throws -> ImageRasterizer? {
        var mip = false
        if case .trilinear = d.sampling { mip = true }
        let texture: Texture
        switch d.source {
        case .image(let index, let crop):
            guard plan.images.indices.contains(index) else { throw failure("command \(command): unknown image \(index)") }
            guard let t = backend.texture(plan.images[index], crop: crop, mipmapped: mip) else { return nil }
            texture = t
        case .offscreen(let id):
            texture = try offscreenTexture(id, mipmapped: mip, command: command)
        }
        let mask = try d.mask.map { try offscreenTexture($0, mipmapped: mip, command: command) }
        return ImageRasterizer(d, texture: texture, mask: mask, target: target)
    }

    /// A gradient as the image of its region's pixels (`GradientRasterizer.pixels(of:)`, kept between frames),
    /// drawn pixel for pixel at its opacity and clip.
    private func gradientRasterizer(_ g: GradientDraw) throws -> ImageRasterizer? {
        guard g.opacity > 0, let image = try GradientRasterizer.pixels(of: g) else { return nil }
        let whole = PixelRect(x: 0, y: 0, width: g.region.width, height: g.region.height)
        guard let texture = backend.texture(image, crop: whole, mipmapped: false) else { return nil }
        let draw = ImageDraw(source: .image(index: 0, crop: whole), destination: whole.rect, sourceRect: Rect(0, 0, 1, 1),
                             transform: .translation(Double(g.region.x), Double(g.region.y)), sampling: .nearest,
                             opacity: g.opacity, clip: g.clip)
        return ImageRasterizer(draw, texture: texture, mask: nil, target: target)
    }

    private func blurredShadowRasterizer(_ s: BlurredShadow, command: Int) throws -> BlurredShadowRasterizer? {
        let recipe = BlurRecipe(sigma: max(0, s.sigma))
        let blurred: BlurredAlpha
        switch s.source {
        case .offscreen(let id):
            let b = try finishedOffscreen(id, command: command)
            blurred = BlurredAlpha(alpha: b.pixels + 3, stride: 4, sourceWidth: b.width, sourceHeight: b.height, recipe: recipe)
        case .mask(let m):
            guard !m.alpha.isEmpty else { return nil }
            blurred = m.alpha.withUnsafeBufferPointer {
                BlurredAlpha(alpha: $0.baseAddress!, stride: 1, sourceWidth: m.width, sourceHeight: m.height, recipe: recipe)
            }
        }
        return BlurredShadowRasterizer(s, blurred: blurred, target: target)
    }
}
