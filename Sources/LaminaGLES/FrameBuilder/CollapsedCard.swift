import Lamina

/// An opacity group that the GPU backend draws without its offscreen: exactly one `CardDraw`, composited
/// 1:1 onto the canvas at a whole-pixel offset.
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
    static func all(in plan: RenderPlan, surfaces: SurfaceTree, parts: LayerParts) -> [Int: CollapsedCard] {
        var cards: [Int: CollapsedCard] = [:]
        for surface in surfaces.surfaces where surface.readers.count == 1 {
            cards[surface.begin] = match(surface, in: plan, parts: parts)
        }
        return cards
    }

    /// The group of `surface` (read once), when it holds one layer's card and nothing else, holds 3 to 5 commands and is composited
    /// one to one right after its end; nil otherwise.
    static func match(_ surface: SurfaceTree.Surface, in plan: RenderPlan, parts: LayerParts) -> CollapsedCard? {
        let commands = plan.commands, begin = surface.begin, end = surface.end
        guard case .beginOffscreen(let id) = commands[begin], (3...5).contains(end - begin),
              surface.readers == [end + 1] else { return nil }
        let offscreen = plan.offscreens[id]
        guard case .groupOpacity = offscreen.reason, offscreen.cacheKey == nil,
              let card = CardDraw.match(shadowAt: begin + 1, parts: parts, in: commands), card.last == end - 1,
              case .image(let composite) = commands[end + 1],
              let offset = CollapsedCard.wholePixelOffset(of: composite, onto: offscreen, id: id)
        else { return nil }
        return CollapsedCard(card: card.placed(at: .translation(offset.x, offset.y)), local: card, offset: offset, offscreen: id, begin: begin,
                             composite: end + 1, opacity: min(max(composite.opacity, 0), 1))
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
