/// Compiles a `Scene` into a `RenderPlan`: every Core Animation rule is decided here, once.
///
/// Per layer, in its superlayer's space: skip hidden layers and layers of opacity 0, then wrap the
/// layer's drawing in the offscreens it needs (shouldRasterize → mask → group opacity, outermost first),
/// then draw shadow → background → contents → sublayers (stable-sorted by zPosition) → border.
public struct RenderPlanner {
    public let scene: Scene

    var commands: [DrawCommand] = []
    var layers: [PlannedLayer] = []
    var offscreens: [Offscreen] = []
    var images: [Image] = []
    var imageIndex: [UInt64: Int] = [:]
    /// What the render may use; nil plans without a limit.
    public let budget: MemoryBudget?
    var pathMaskBytes = 0
    /// Layers in the scene (masks included), and the most commands its plan may have.
    let layerCount: Int
    let commandLimit: Int
    /// Commands a plan may have per layer of its scene (beyond a floor of 65 536): a layer emits at most
    /// eight (offscreen begin and end, shadow, fill, contents, border, composites), twice when an
    /// ancestor's content-shaped shadow draws it again.
    static let commandsPerLayer = 16

    /// Stops planning when set and cancelled (checked once per layer drawn).
    public let cancellation: RenderCancellation?
    /// Canvas pixels the plan must draw right; layers drawing nothing there may be left out (nil: all).
    public let region: DamageRegion?

    public init(scene: Scene, budget: MemoryBudget? = nil, cancellation: RenderCancellation? = nil, region: DamageRegion? = nil) {
        self.scene = scene
        self.budget = budget
        self.cancellation = cancellation
        self.region = region
        layerCount = RenderPlanner.count(scene.root)
        commandLimit = RenderPlanner.commandsPerLayer * layerCount + 65_536
    }

    /// The layers of a tree, masks included, counted up to `limit` (iteratively: trees may be 10 000 deep).
    static func count(_ root: Layer, limit: Int = .max) -> Int {
        if let known = root.knownLayerCount { return min(known, limit) }
        if root.sublayers.isEmpty && root.mask == nil { return 1 }
        var stack: [(layers: [Layer], next: Int)] = [([root], 0)], n = 0
        while n < limit, let top = stack.indices.last {
            guard stack[top].next < stack[top].layers.count else { stack.removeLast(); continue }
            let layer = stack[top].layers[stack[top].next]
            stack[top].next += 1
            if n > 0, let known = layer.knownLayerCount {
                n += known
                continue
            }
            n += 1
            if !layer.sublayers.isEmpty { stack.append((layer.sublayers, 0)) }
            if let m = layer.mask { stack.append(([m], 0)) }
        }
        if stack.isEmpty { root.rememberLayerCount(n) }
        return min(n, limit)
    }

    /// Builds the plan of the whole scene (an animated scene as its still at `scene.time`); with a budget, refuses (as bad input) a scene whose render
    /// needs more memory than it allows. With a cancellation, stops (throwing `RenderCancelled`) soon
    /// after it is cancelled, and the plan carries it on to the backend. With a region, canvas-level layers
    /// whose whole drawing misses it are left out: the plan is right inside the region only (for redrawing
    /// a frame's damage, `RenderPlan.restricted(to:)`).
    public static func plan(_ scene: Scene, budget: MemoryBudget? = nil, cancellation: RenderCancellation? = nil,
                            region: DamageRegion? = nil) throws -> RenderPlan {
        let still = scene.hasAnimations ? scene.presentation(at: scene.time) : scene
        var planner = RenderPlanner(scene: still, budget: budget, cancellation: cancellation, region: region)
        var plan = try planner.makePlan()
        plan.checkedSurfaces = try SurfaceTree(plan)
        if let budget { try plan.checkMemory(budget) }
        plan.cancellation = cancellation
        return plan
    }

    /// Counts a path mask of `region` against the budget before it is rasterized.
    mutating func reserveMask(_ region: PixelRect) throws {
        try reserve(bytes: region.area)
    }

    /// Counts bytes the plan will carry (a mask, a content image) against the budget before they are made.
    mutating func reserve(bytes: Int) throws {
        pathMaskBytes += bytes
        try checkPlanSize()
    }

    /// Refuses a plan that grows past `commandLimit` commands, or whose commands and path masks alone
    /// pass the budget, while it is being made: a small scene can ask for very many commands (each
    /// content-shaped shadow draws its layer twice, so nested ones double the work per level).
    func checkPlanSize() throws {
        try cancellation?.check()
        guard commands.count <= commandLimit else {
            throw RenderError(.badInput, "the plan of \(layerCount) layers passes \(commandLimit) commands "
                              + "(content-shaped shadows nested in each other draw their sublayers twice per level); "
                              + "the limit is \(RenderPlanner.commandsPerLayer) per layer")
        }
        guard let budget else { return }
        let bytes = pathMaskBytes + commands.count * MemoryLayout<DrawCommand>.stride + layers.count * MemoryLayout<PlannedLayer>.stride
            + offscreens.count * MemoryLayout<Offscreen>.stride
        guard bytes > budget.bytes else { return }
        throw RenderError(.badInput, "the plan needs more than \(MemoryBudget.format(bytes)) for \(commands.count) commands "
                          + "and their path masks; the memory limit is \(budget) (--memory-limit)")
    }

    mutating func makePlan() throws -> RenderPlan {
        let w = scene.pixelWidth, h = scene.pixelHeight
        try Self.checkTargetSize(width: w, height: h, what: "canvas")
        let target = Target(width: w, height: h, isCanvas: true)
        let canvas = AffineTransform.scale(scene.scale, scene.scale)
        try emitLayer(scene.root, parentTransform: canvas, clip: .none, alpha: 1, target: target, path: JSONPath.document.key("root"))
        var plan = RenderPlan(width: w, height: h, clearColor: scene.background.premultiplied,
                              images: images, offscreens: offscreens, commands: commands)
        plan.layers = layers
        return plan
    }

    /// The size of the target being drawn into, in pixels.
    struct Target {
        var width: Int
        var height: Int
        /// The scene's canvas, not an offscreen.
        var isCanvas = false
        var rect: Rect { Rect(0, 0, Double(width), Double(height)) }
    }

    static func checkTargetSize(width: Int, height: Int, what: String) throws {
        guard width <= Limits.maxSide, height <= Limits.maxSide, width * height <= Limits.maxPixels else {
            throw RenderError(.badInput, "\(what) of \(width)×\(height) px exceeds the limit of \(Limits.maxSide) px a side and \(Limits.maxPixels) pixels")
        }
    }

    /// Draws one layer (and its subtree) whose superlayer's bounds space maps to target pixels by `parentTransform`.
    mutating func emitLayer(_ layer: Layer, parentTransform: AffineTransform, clip: Clip, alpha: Double,
                            target: Target, path: JSONPath) throws {
        guard let transform = try placement(of: layer, parentTransform: parentTransform, alpha: alpha, target: target, path: path) else { return }
        try emitPlaced(layer, transform: transform, clip: clip, alpha: alpha, target: target, path: path)
    }

    /// The transform mapping `layer`'s bounds space to target pixels; nil when the layer draws nothing (hidden,
    /// transparent, a hidden mask, a singular transform) or, on the canvas, nothing inside the region.
    /// Refuses a layer past the working range (`checkReach`); `path` is made only for that message.
    func placement(of layer: Layer, parentTransform: AffineTransform, alpha: Double, target: Target,
                   path: @autoclosure () -> JSONPath) throws -> AffineTransform? {
        guard !layer.isHidden, layer.opacity > 0, alpha > 0 else { return nil }
        if let mask = layer.mask, mask.isHidden || mask.opacity <= 0 { return nil }
        let transform = layer.transformToSuperlayer.concatenating(parentTransform)
        try checkReach(layer, transform: transform, path: path())
        guard (1 / transform.determinant).isFinite else { return nil }
        if target.isCanvas, missesRegion(layer, transform: transform) { return nil }
        return transform
    }

    /// Draws a layer (and its subtree) that `placement` placed at `transform`.
    mutating func emitPlaced(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                             target: Target, path: JSONPath) throws {
        if layer.shouldRasterize {
            try emitRasterized(layer, transform: transform, clip: clip, alpha: alpha, target: target, name: Self.displayName(layer, path), path: path)
        } else {
            try emitMaskedOrGrouped(layer, transform: transform, clip: clip, alpha: alpha, target: target, name: Self.displayName(layer, path), path: path)
        }
    }

    /// Applies the mask and group-opacity wrappers, then the body. `alpha` excludes the layer's own opacity.
    mutating func emitMaskedOrGrouped(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                                      target: Target, name: @autoclosure () -> String, path: JSONPath) throws {
        let grouped = layer.opacity < 1 && (layer.allowsGroupOpacity ?? scene.groupOpacity) && LayerBounds.partCount(layer, limit: 2) > 1
        if let mask = layer.mask, !maskIsRedundant(mask, of: layer, transform: transform) {
            try emitMasked(layer, mask: mask, transform: transform, clip: clip, alpha: alpha, grouped: grouped,
                           target: target, name: name(), path: path)
        } else if grouped {
            try emitGroup(layer, transform: transform, clip: clip, alpha: alpha, target: target, name: name(), path: path)
        } else {
            try emitBody(layer, transform: transform, clip: clip, alpha: alpha * layer.opacity, target: target, path: path)
        }
    }

    /// Group opacity: the body flattened offscreen at full opacity, composited once at the layer's opacity.
    mutating func emitGroup(_ layer: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                            target: Target, name: @autoclosure () -> String, path: JSONPath) throws {
        guard let local = LayerBounds.drawn(layer),
              let region = deviceRegion(transform.boundingBox(of: local), clip: clip, target: target) else { return }
        let id = try beginOffscreen(region, reason: .groupOpacity(layer: name()))
        let inner = transform.concatenating(.translation(-Double(region.x), -Double(region.y)))
        try emitBody(layer, transform: inner, clip: .none, alpha: 1, target: Target(width: region.width, height: region.height), path: path)
        commands.append(.endOffscreen)
        composite(id, region: region, opacity: alpha * layer.opacity, mask: nil, clip: clip)
    }

    /// A mask: the layer's rendering and the mask's rendering in two offscreens of the same pixels,
    /// composited as content × mask alpha.
    mutating func emitMasked(_ layer: Layer, mask: Layer, transform: AffineTransform, clip: Clip, alpha: Double,
                             grouped: Bool, target: Target, name: @autoclosure () -> String, path: JSONPath) throws {
        guard var local = LayerBounds.drawn(layer, includingMask: false),
              let maskLocal = LayerBounds.drawn(mask).map({ mask.transformToSuperlayer.boundingBox(of: $0) }) else { return }
        guard let both = local.intersection(maskLocal) else { return }
        local = both
        guard let region = deviceRegion(transform.boundingBox(of: local), clip: clip, target: target) else { return }
        let inner = transform.concatenating(.translation(-Double(region.x), -Double(region.y)))
        let size = Target(width: region.width, height: region.height)
        let content = try beginOffscreen(region, reason: .maskedContent(layer: name()))
        try emitBody(layer, transform: inner, clip: .none, alpha: grouped ? 1 : alpha * layer.opacity, target: size, path: path)
        commands.append(.endOffscreen)
        let maskID = try beginOffscreen(region, reason: .mask(layer: name()))
        try emitLayer(mask, parentTransform: inner, clip: .none, alpha: 1, target: size, path: path.key("mask"))
        commands.append(.endOffscreen)
        composite(content, region: region, opacity: grouped ? alpha * layer.opacity : 1, mask: maskID, clip: clip)
    }

    /// How plans and messages name a layer: its `name` in quotes, else its JSON path.
    static func displayName(_ layer: Layer, _ path: JSONPath) -> String {
        layer.name.map { "\"\($0)\"" } ?? path.description
    }

    /// The pixel region of a device-space box inside the target and the clip's scissor, or nil when empty.
    func deviceRegion(_ box: Rect, clip: Clip, target: Target) -> PixelRect? {
        var visible = target.rect
        if let s = clip.scissor {
            guard let v = visible.intersection(s.rect) else { return nil }
            visible = v
        }
        for shape in clip.shapes {
            guard let v = visible.intersection(shape.transform.boundingBox(of: shape.shape.rect)) else { return nil }
            visible = v
        }
        guard box.width.isFinite, box.height.isFinite, let r = box.intersection(visible)?.integralOutset else { return nil }
        let px = PixelRect(x: Int(saturating: r.minX), y: Int(saturating: r.minY), width: Int(saturating: r.width), height: Int(saturating: r.height))
        return px.width > 0 && px.height > 0 ? px : nil
    }

    mutating func beginOffscreen(_ region: PixelRect, reason: OffscreenReason, cacheKey: Int? = nil) throws -> OffscreenID {
        try Self.checkTargetSize(width: region.width, height: region.height, what: "offscreen for \(reason)")
        offscreens.append(Offscreen(width: region.width, height: region.height, reason: reason, cacheKey: cacheKey))
        commands.append(.beginOffscreen(offscreens.count - 1))
        return offscreens.count - 1
    }

    /// Draws a finished device-aligned offscreen back at its region, pixel for pixel.
    mutating func composite(_ id: OffscreenID, region: PixelRect, opacity: Double, mask: OffscreenID?, clip: Clip) {
        guard opacity > 0 else { return }
        commands.append(.image(ImageDraw(
            source: .offscreen(id), destination: Rect(0, 0, Double(region.width), Double(region.height)),
            sourceRect: Rect(0, 0, 1, 1), transform: .translation(Double(region.x), Double(region.y)),
            sampling: .nearest, opacity: opacity, mask: mask, clip: clip)))
    }

    /// The index of an image in the plan's table, adding it on first use.
    mutating func index(of image: Image) -> Int {
        if let i = imageIndex[image.id] { return i }
        images.append(image)
        imageIndex[image.id] = images.count - 1
        return images.count - 1
    }
}
