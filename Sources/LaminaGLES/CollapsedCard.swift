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
    let card: CardDraw
    /// The group's offscreen, and the indices of its `beginOffscreen` and of the composite draw.
    let offscreen: OffscreenID
    let begin: Int, composite: Int
    /// The group opacity (the composite's).
    let opacity: Double

    /// The plan's groups of this shape, by the index of their `beginOffscreen`.
    static func all(in plan: RenderPlan) -> [Int: CollapsedCard] {
        var reads: [OffscreenID: Int] = [:]
        for case .image(let draw) in plan.commands {
            if case .offscreen(let id) = draw.source { reads[id, default: 0] += 1 }
            if let mask = draw.mask { reads[mask, default: 0] += 2 }
        }
        var cards: [Int: CollapsedCard] = [:]
        for (index, command) in plan.commands.enumerated() {
            guard case .beginOffscreen(let id) = command, reads[id] == 1 else { continue }
            cards[index] = match(beginAt: index, in: plan)
        }
        return cards
    }

    /// The group that begins at `index`, when it is one card and the draw after its end composites it
    /// one to one (the caller checks that nothing else reads the offscreen); nil otherwise.
    static func match(beginAt index: Int, in plan: RenderPlan) -> CollapsedCard? {
        let commands = plan.commands
        guard case .beginOffscreen(let id) = commands[index], plan.offscreens.indices.contains(id) else { return nil }
        let offscreen = plan.offscreens[id]
        guard case .groupOpacity = offscreen.reason, offscreen.cacheKey == nil,
              let end = CollapsedCard.end(of: index, in: commands),
              let card = CardDraw.match(at: index + 1, in: commands, limit: end), card.last == end - 1,
              commands.indices.contains(end + 1), case .image(let composite) = commands[end + 1],
              let offset = CollapsedCard.wholePixelOffset(of: composite, onto: offscreen, id: id)
        else { return nil }
        return CollapsedCard(card: card.placed(at: .translation(offset.x, offset.y)), offscreen: id, begin: index,
                             composite: end + 1, opacity: min(max(composite.opacity, 0), 1))
    }

    /// The `endOffscreen` 3 to 5 commands after `index`, with no offscreen begun between.
    private static func end(of index: Int, in commands: [DrawCommand]) -> Int? {
        for i in (index + 1)..<min(index + 6, commands.count) {
            switch commands[i] {
            case .endOffscreen: return i - index >= 3 ? i : nil
            case .beginOffscreen: return nil
            default: continue
            }
        }
        return nil
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
