/// The drawing commands of a frame in pixel space, with their structure: what the planner makes of a
/// scene and what every `RenderBackend` executes. All Core Animation semantics are decided before this point.
///
/// The commands are a list that backends step through; their structure — which layer drew which part,
/// which offscreen holds which commands — is stated by the planner (`layers`, the offscreen brackets)
/// and read as a tree of surfaces and layer items (`tree()`, `PlanTree`).
///
/// Commands draw into the current target: the canvas, or the innermost open offscreen
/// (`beginOffscreen` … `endOffscreen`). Coordinates of a command are in the pixels of that target.
public struct RenderPlan: Sendable {
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    /// What the canvas is cleared to before the first command.
    public var clearColor: PremultipliedColor
    /// Images referenced by `ImageSource.image(index:crop:)`.
    public var images: [Image]
    /// Offscreen targets referenced by id (the index in this array).
    public var offscreens: [Offscreen] { didSet { checkedSurfaces = nil } }
    public var commands: [DrawCommand] { didSet { checkedSurfaces = nil } }
    /// The offscreen tree the planner built and checked with the commands (nil for a plan made by hand, and
    /// once its commands or offscreens change); see `surfaceTree()`.
    public internal(set) var checkedSurfaces: SurfaceTree?
    /// Which commands draw which part of which layer (`PlannedLayer`), one entry per layer body drawn, in the
    /// order the bodies begin (a layer before the layers it holds): the plan's tree of layer items in pre-order
    /// (`PlanTree` builds it as objects). Plans made by hand may leave it empty; backends then draw every
    /// command on its own.
    public var layers: [PlannedLayer] = []
    /// Asks the backend to stop between commands (throwing `RenderCancelled`); nil: never.
    public var cancellation: RenderCancellation?

    public init(width: Int, height: Int, clearColor: PremultipliedColor, images: [Image] = [],
                offscreens: [Offscreen] = [], commands: [DrawCommand] = []) {
        self.width = width; self.height = height; self.clearColor = clearColor
        self.images = images; self.offscreens = offscreens; self.commands = commands
    }
}

extension RenderPlan {
    /// The plan's offscreen tree (nesting, composites, last reads): the one the planner checked, or, for a
    /// plan made or changed by hand, built and checked now (throwing when the brackets are malformed).
    public func surfaceTree() throws -> SurfaceTree {
        if let checkedSurfaces { return checkedSurfaces }
        return try SurfaceTree(self)
    }

    /// The plan as a tree of surfaces and layer items (`PlanTree`), built and checked now.
    public func tree() throws -> PlanTree {
        try PlanTree(self)
    }
}

/// Index of an offscreen in `RenderPlan.offscreens`.
public typealias OffscreenID = Int

/// A transparent RGBA8 target of its own size; what it is for is stated in `reason`.
public struct Offscreen: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var reason: OffscreenReason
    /// When set, the backend may keep this target's pixels and skip its commands while a target with
    /// the same key is cached (shouldRasterize). Keys are content hashes of the subtree and scale.
    public var cacheKey: Int?

    public init(width: Int, height: Int, reason: OffscreenReason, cacheKey: Int? = nil) {
        self.width = width; self.height = height; self.reason = reason; self.cacheKey = cacheKey
    }
}

/// Why an offscreen exists (printed by `lamina plan`).
public enum OffscreenReason: Hashable, Sendable, CustomStringConvertible {
    /// Group opacity over several overlapping parts.
    case groupOpacity(layer: String)
    /// shouldRasterize, at this many pixels per point.
    case rasterize(layer: String, scale: Double)
    /// The content that a mask multiplies.
    case maskedContent(layer: String)
    /// The mask layer's rendering (alpha only).
    case mask(layer: String)
    /// The silhouette that a content-shaped shadow blurs.
    case shadowSilhouette(layer: String)

    public var description: String {
        switch self {
        case .groupOpacity(let l): return "group opacity of \(l)"
        case .rasterize(let l, let s): return "shouldRasterize of \(l) at \(Format.number(s))×"
        case .maskedContent(let l): return "content of masked \(l)"
        case .mask(let l): return "mask of \(l)"
        case .shadowSilhouette(let l): return "shadow silhouette of \(l)"
        }
    }
}
