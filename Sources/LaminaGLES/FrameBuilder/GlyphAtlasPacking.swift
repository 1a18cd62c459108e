/// Where glyph images sit in the glyph atlas — `layers` square layers of `side` texels — and which to give up
/// when a new one does not fit: pure bookkeeping, no GL (`GlyphAtlas` uploads what it decides).
///
/// Each layer is packed in shelves whose heights are rounded up to 8 texels (glyphs of one size share a
/// shelf); a glyph that fits no shelf and no free row of any layer empties the layer used least recently
/// (layers, not glyphs, are evicted: a layer is refilled from its first row).
struct GlyphAtlasPacking {
    /// A glyph's place: its layer and top-left texel.
    struct Slot: Hashable {
        var layer: Int, x: Int, y: Int
    }

    /// What `place` found or did.
    struct Placement {
        var slot: Slot
        /// The glyph was not in the atlas: its pixels must be uploaded at `slot`.
        var isNew: Bool
        /// The layer emptied to make room (its glyphs are gone), if any.
        var evicted: Int?
    }

    private struct Shelf {
        var y: Int, height: Int, nextX: Int
    }

    let side: Int
    let layers: Int
    private var slots: [UInt64: Slot] = [:]
    private var members: [[UInt64]]
    private var shelves: [[Shelf]]
    private var nextY: [Int]
    private var lastUse: [Int]
    private(set) var evictions = 0

    init(side: Int = 1024, layers: Int = 4) {
        self.side = side; self.layers = layers
        members = Array(repeating: [], count: layers)
        shelves = Array(repeating: [], count: layers)
        nextY = Array(repeating: 0, count: layers)
        lastUse = Array(repeating: -1, count: layers)
    }

    /// Glyphs in the atlas.
    var count: Int { slots.count }

    /// Whether a glyph of this size can be placed at all.
    func fits(width: Int, height: Int) -> Bool { width <= side && height <= side }

    /// The slot of glyph `id` (`width × height` texels, at most `side` each), placing it if it is new;
    /// `stamp` (a frame or draw counter that never decreases) marks its layer as used.
    mutating func place(_ id: UInt64, width: Int, height: Int, stamp: Int) -> Placement {
        precondition(fits(width: width, height: height), "glyph larger than an atlas layer")
        if let s = slots[id] {
            lastUse[s.layer] = stamp
            return Placement(slot: s, isNew: false, evicted: nil)
        }
        let h = max(8, (height + 7) / 8 * 8)
        var evicted: Int?
        var slot = findRoom(width: width, shelfHeight: h)
        if slot == nil {
            let victim = lastUse.indices.min { lastUse[$0] < lastUse[$1] }!
            empty(victim)
            evicted = victim
            slot = findRoom(width: width, shelfHeight: h)
        }
        let s = slot!
        slots[id] = s
        members[s.layer].append(id)
        lastUse[s.layer] = stamp
        return Placement(slot: s, isNew: true, evicted: evicted)
    }

    /// The slot of image `id` if it is in the atlas (marking its layer used at `stamp`), without placing it.
    mutating func slot(of id: UInt64, stamp: Int) -> Slot? {
        guard let s = slots[id] else { return nil }
        lastUse[s.layer] = stamp
        return s
    }

    /// Whether an image of this size would be placed without emptying a layer.
    func hasRoom(width: Int, height: Int) -> Bool {
        let h = max(8, (height + 7) / 8 * 8)
        for layer in 0..<layers {
            if shelves[layer].contains(where: { $0.height == h && $0.nextX + width <= side }) { return true }
            if nextY[layer] + h <= side { return true }
        }
        return false
    }

    /// Forgets every glyph (the atlas texture was lost or deleted).
    mutating func removeAll() {
        for layer in 0..<layers { empty(layer) }
    }

    private mutating func findRoom(width: Int, shelfHeight h: Int) -> Slot? {
        for layer in 0..<layers {
            for i in shelves[layer].indices where shelves[layer][i].height == h && shelves[layer][i].nextX + width <= side {
                let shelf = shelves[layer][i]
                shelves[layer][i].nextX += width
                return Slot(layer: layer, x: shelf.nextX, y: shelf.y)
            }
        }
        for layer in 0..<layers where nextY[layer] + h <= side {
            shelves[layer].append(Shelf(y: nextY[layer], height: h, nextX: width))
            nextY[layer] += h
            return Slot(layer: layer, x: 0, y: nextY[layer] - h)
        }
        return nil
    }

    private mutating func empty(_ layer: Int) {
        for id in members[layer] { slots[id] = nil }
        if !members[layer].isEmpty { evictions += 1 }
        members[layer] = []
        shelves[layer] = []
        nextY[layer] = 0
    }
}
