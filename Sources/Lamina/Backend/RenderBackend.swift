/// The one interface both renderers fill: execute a `RenderPlan`, hand back pixels.
///
/// A backend only rasterizes primitives; it never sees a `Layer`. A backend object keeps its
/// resources (textures, caches) across frames; it is used from one thread at a time.
public protocol RenderBackend: AnyObject {
    /// Short name: "gpu" or "cpu".
    var name: String { get }
    /// Executes every command of the plan into the backend's canvas and waits for completion.
    func execute(_ plan: RenderPlan) throws
    /// Executes the plan on the canvas kept from the previous frame, inside `region` only: the region's
    /// pixels are cleared to the plan's clear color and drawn, every other pixel keeps its value. The plan
    /// must draw nothing outside the region (`RenderPlan.restricted(to:)` makes such a plan). With a nil
    /// region, or when the canvas has another size or was never drawn, the whole canvas is drawn as by
    /// `execute(_:)`.
    func execute(_ plan: RenderPlan, region: DamageRegion?) throws
    /// The canvas of the last executed plan, premultiplied RGBA8.
    func readBack() throws -> Bitmap
    /// Copies the pixels of `region` from the canvas of the last executed plan into `bitmap`, a copy of
    /// that canvas as it was before (same size); every other pixel of `bitmap` is left as it is.
    func readBack(_ region: DamageRegion, into bitmap: inout Bitmap) throws
    /// Hits and misses of the shouldRasterize cache.
    var rasterCacheStatistics: CacheStatistics { get }
    /// Whether a plan restricted to damage should draw its offscreens only where the damage samples them
    /// (`RenderPlan.restricted(to:limitingOffscreens:)`), or whole, leaving that to the backend.
    var drawsOffscreensInPart: Bool { get }
}

extension RenderBackend {
    public var drawsOffscreensInPart: Bool { true }

    /// Reads the whole canvas and copies the region's rows (for backends without a cheaper way).
    public func readBack(_ region: DamageRegion, into bitmap: inout Bitmap) throws {
        let canvas = try readBack()
        guard canvas.width == bitmap.width, canvas.height == bitmap.height else { bitmap = canvas; return }
        for rect in region.rects { bitmap.copy(rect, from: canvas) }
    }

    /// Executes the plan and reads the result back.
    public func render(_ plan: RenderPlan) throws -> Bitmap {
        try execute(plan)
        return try readBack()
    }
}

/// Counters of a cache.
public struct CacheStatistics: Hashable, Sendable, CustomStringConvertible {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public var entries = 0
    public var bytes = 0

    public init() {}

    public var description: String {
        "hits \(hits), misses \(misses), evictions \(evictions), entries \(entries), bytes \(bytes)"
    }
}
