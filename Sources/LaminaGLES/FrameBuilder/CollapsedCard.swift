import Lamina

/// An opacity group that the GPU backend draws without its offscreen, decided on the plan tree's surface
/// node: one layer item drawn whole by one `CardDraw`, composited 1:1 onto the canvas at a whole-pixel offset.
///
/// The parts of a card overlap (the fill covers the shadow), so its group normally needs an offscreen:
/// the parts are composited there and the result is blended once, times the opacity. The card draw
/// computes the same composite per pixel, so with the opacity applied it replaces the offscreen, its
/// clears and the composite, whose read of a page that a pending batch renders into makes llvmpipe
/// flush. (WebRender drops the offscreen of an opacity group with a single primitive for this reason.)
struct CollapsedCard {
    /// The card placed on the canvas (its pixels), and as drawn in the offscreen (its arithmetic: the
    /// card draw evaluates each canvas pixel at offscreen pixel = canvas pixel − `offset`).
    let card: CardDraw
    let local: CardDraw
    let offset: (x: Double, y: Double)
    /// The group's offscreen, and the indices of its `beginOffscreen` and of the composite draw.
    let offscreen: OffscreenID
    let begin: Int, composite: Int
    /// The group opacity (the composite's).
    let opacity: Double

    /// The plan's groups of this shape, by the index of their `beginOffscreen`.
    static func all(in plan: RenderPlan, tree: PlanTree, fills: ShadowedFills) -> [Int: CollapsedCard] {
        var cards: [Int: CollapsedCard] = [:]
        for surface in tree.allSurfaces() {
            if let card = CollapsedCard(surface, in: plan, fills: fills) { cards[surface.begin] = card }
        }
        return cards
    }

    /// The group of `surface` when it is an opacity group (not cached) that holds one layer item, drawn
    /// whole by one card, and is composited one to one right after its end; nil otherwise.
    init?(_ surface: SurfaceItem, in plan: RenderPlan, fills: ShadowedFills) {
        let id = surface.offscreen, target = plan.offscreens[id]
        guard case .groupOpacity = target.reason, target.cacheKey == nil, let compositeIndex = surface.compositeAfterEnd,
              surface.items.count == 1, case .layer(let layer) = surface.items[0],
              let shadow = layer.closedFormShadow(in: plan.commands), let parts = fills.byShadow[shadow],
              let card = CardDraw(parts, in: plan.commands), card.last == layer.commands.upperBound - 1,
              case .image(let composite) = plan.commands[compositeIndex],
              let offset = CollapsedCard.wholePixelOffset(of: composite, onto: target, id: id)
        else { return nil }
        self.card = card.placed(at: .translation(offset.x, offset.y))
        local = card
        self.offset = offset
        offscreen = id
        begin = surface.begin
        self.composite = compositeIndex
        opacity = min(max(composite.opacity, 0), 1)
    }

    /// The offset that maps the offscreen's pixels onto canvas pixels one to one, when the composite does
    /// exactly that (translation by whole pixels, the whole source, no mask, no clip shapes).
    private static func wholePixelOffset(of composite: ImageDraw, onto offscreen: Offscreen,
                                         id: OffscreenID) -> (x: Double, y: Double)? {
        let t = composite.transform, d = composite.destination
        guard composite.source == .offscreen(id), composite.mask == nil, composite.clip.shapes.isEmpty,
              !CardDraw.isTrilinear(composite.sampling), composite.sourceRect == Rect(0, 0, 1, 1),
              t.a == 1, t.b == 0, t.c == 0, t.d == 1,
              d.width == Double(offscreen.width), d.height == Double(offscreen.height) else { return nil }
        let x = t.tx + d.minX, y = t.ty + d.minY
        guard x == x.rounded(), y == y.rounded(), abs(x) < 16_777_216, abs(y) < 16_777_216 else { return nil }
        return (x, y)
    }
}
