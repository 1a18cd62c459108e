/// The draw strategies a frame uses: `GLESOptions`' switches with what each one needs resolved in this one
/// place. A strategy whose prerequisite is off is off too: batches on the canvas are built from occlusion
/// culling's visible pieces (atlas pages batch without it), fusion, replay and collapse work on batches,
/// collapse needs fusion and a context that filters float textures linearly.
struct DrawStrategies: Equatable {
    /// Canvas draws skip pixels that later opaque draws replace (`CanvasPieces`).
    let culling: Bool
    /// Simple offscreens share atlas pages (`OffscreenAtlas`).
    let atlas: Bool
    /// Draws in atlas pages are batched (`CanvasBatches`).
    let pageBatches: Bool
    /// Canvas draws are batched: `pageBatches` and `culling`.
    let canvasBatches: Bool
    /// A table shadow and the fill after it are one draw (`drawFused`): on canvas batches.
    let fusion: Bool
    /// Opacity groups of one card lose their offscreen (`CollapsedCard`): with fusion and linear float filtering.
    let collapse: Bool
    /// Canvas-level draws recorded on the first frame of a plan are replayed (`RecordedDraws`): on canvas batches.
    let replay: Bool
    /// Repeated text runs are composited from the text run cache (`TextRunCache`).
    let textRunCache: Bool

    init(_ options: GLESOptions, linearFloatTextures: Bool) {
        culling = options.occlusionCulling
        atlas = options.offscreenAtlas
        pageBatches = options.batching
        canvasBatches = pageBatches && culling
        fusion = options.shadowFusion && canvasBatches
        collapse = options.groupCollapse && fusion && linearFloatTextures
        replay = options.replayDraws && canvasBatches
        textRunCache = options.textRunCache
    }
}
