import Lamina

/// What `FrameBuilder.build` works out from a plan before drawing it: the visible pieces of the
/// canvas-level commands, the texels each offscreen needs, the atlas placements and when offscreens
/// are read for the last time. An app redraws an unchanged tree with the same plan value, so the
/// backend keeps the last preparation and reuses it when the next plan is that same value: same
/// commands storage (held here, so it cannot be freed and reused for another plan), size, offscreens
/// and culling switches.
struct PlanPreparation {
    /// The culling and atlas switches the preparation was made with.
    struct Switches: Equatable {
        var visibility: Bool, atlas: Bool, borderFusion: Bool = false, collapse: Bool = false
    }

    let commands: [DrawCommand]
    let offscreens: [Offscreen]
    let width: Int, height: Int
    let switches: Switches
    let visibility: CanvasPieces?
    let offscreenNeeds: [OffscreenID: [QuadPiece]]
    let atlas: OffscreenAtlas?
    let releasable: [Int: [OffscreenID]]
    /// The plan's offscreen tree (checked: a malformed plan throws when it is prepared).
    let surfaces: SurfaceTree
    /// The plan's layer items in the order the walk meets them.
    let drawnLayers: DrawnLayers
    /// The plan's layers whose closed-form shadow is followed by a fill, by shadow and by fill (from its tree;
    /// none when culling is off and the tree of a plan made by hand cannot be built).
    let shadowedFills: ShadowedFills
    /// Opacity groups drawn without their offscreen (`CollapsedCard`), by the index of their `beginOffscreen`.
    let collapsedCards: [Int: CollapsedCard]
    /// Canvas-level cards with an image (`CardDraw`), by the first command of their layer item (its shadow).
    let cards: [Int: CardDraw]
    /// The keys of the glyph runs drawn so far (`TextRunCache`).
    let textRunKeys = TextRunKeys()

    init(plan: RenderPlan, switches: Switches, atlasPage: (width: Int, height: Int)) throws {
        let surfaces = try plan.surfaceTree()
        self.surfaces = surfaces
        drawnLayers = DrawnLayers(plan.layers)
        let tree = switches.visibility ? try PlanTree(plan, surfaces: surfaces) : try? PlanTree(plan, surfaces: surfaces)
        let fills = tree.map { ShadowedFills($0, commands: plan.commands) } ?? .empty
        shadowedFills = fills
        commands = plan.commands
        offscreens = plan.offscreens
        width = plan.width
        height = plan.height
        self.switches = switches
        visibility = switches.visibility ? CanvasPieces(plan, width: plan.width, height: plan.height,
                                                                       borderFusion: switches.borderFusion, fills: fills) : nil
        let collapse = switches.collapse ? tree : nil
        collapsedCards = collapse.map { CollapsedCard.all(in: plan, tree: $0, fills: fills) } ?? [:]
        cards = collapse.map { CardDraw.withImages(in: $0, commands: plan.commands, fills: fills) } ?? [:]
        offscreenNeeds = visibility.map { OffscreenTexels.offscreenNeeds(of: plan, surfaces: surfaces, visibility: $0) } ?? [:]
        if switches.atlas {
            let skipped = Set(offscreenNeeds.filter { $0.value.isEmpty }.keys).union(collapsedCards.values.map(\.offscreen))
            let atlas = OffscreenAtlas(plan: plan, surfaces: surfaces, skipped: skipped, pageWidth: atlasPage.width, pageHeightLimit: atlasPage.height)
            self.atlas = atlas.isEmpty ? nil : atlas
        } else {
            atlas = nil
        }
        releasable = surfaces.releasePoints()
    }

    /// Whether this preparation was made from `plan` itself with these switches.
    func isFor(_ plan: RenderPlan, switches: Switches) -> Bool {
        guard plan.width == width, plan.height == height, switches == self.switches,
              plan.commands.count == commands.count else { return false }
        let sameStorage = plan.commands.withUnsafeBufferPointer { a in
            commands.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
        return sameStorage && plan.offscreens == offscreens
    }
}
