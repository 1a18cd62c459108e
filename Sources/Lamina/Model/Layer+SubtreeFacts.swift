/// The facts about a layer's subtree that later stages keep with it (`SubtreeFacts`): each found on first
/// use and remembered in the layer's box until the box changes.
extension Layer {
    /// The layers of this subtree (with masks), when counted before and unchanged since.
    var knownLayerCount: Int? {
        let n = storage.facts.layerCount.load(ordering: .relaxed)
        return n > 0 ? n : nil
    }

    func rememberLayerCount(_ n: Int) { storage.facts.layerCount.store(n, ordering: .relaxed) }

    /// The levels of this subtree, when found before and unchanged since.
    var knownDepth: Int? {
        let n = storage.facts.depth.load(ordering: .relaxed)
        return n > 0 ? n : nil
    }

    func rememberDepth(_ n: Int) { storage.facts.depth.store(n, ordering: .relaxed) }

    /// Whether this subtree animates, when found before and unchanged since.
    var knownToAnimate: Bool? {
        switch storage.facts.animates.load(ordering: .relaxed) {
        case 1: return false
        case 2: return true
        default: return nil
        }
    }

    func rememberAnimates(_ yes: Bool) { storage.facts.animates.store(yes ? 2 : 1, ordering: .relaxed) }

    /// The local box of what this subtree draws as damage measures it, when found before and unchanged
    /// since: `.some(nil)` when it draws nothing.
    var knownDamageBox: Rect?? { storage.facts.damageBox }

    func rememberDamageBox(_ box: Rect?) { storage.facts.remember(damageBox: box) }

    /// Where this layer's sublayers draw, made once and kept while the layer is unchanged.
    var sublayerIndex: SublayerIndex {
        if let known = storage.facts.sublayerIndex.withLock({ $0 }) { return known }
        let index = SublayerIndex(sublayers)
        remember(index)
        return index
    }

    /// Where this layer's sublayers can be hit, made once and kept while the layer is unchanged.
    var hitIndex: HitIndex {
        if let known = storage.facts.hitIndex.withLock({ $0 }) { return known }
        let index = HitIndex(self)
        storage.facts.hitIndex.withLock { $0 = index }
        storage.facts.hitIndexed.store(true, ordering: .relaxed)
        return index
    }

    private func remember(_ index: SublayerIndex) {
        storage.facts.sublayerIndex.withLock { $0 = index }
        storage.facts.indexed.store(true, ordering: .relaxed)
    }

    /// Makes this layer's `sublayerIndex` from `earlier`'s, when that one has an index (or, `indexingEarlier`,
    /// once it is given one) and this one has none: only the sublayers not kept from `earlier` are measured
    /// (a frame following another, a presentation following its model); `replaced` as in `SublayerIndex.following`.
    func inheritSublayerIndex(from earlier: Layer, indexingEarlier: Bool = false, replaced: [Int]? = nil) {
        guard sublayers.count >= SublayerIndex.minimumCount, storage.facts.sublayerIndex.withLock({ $0 }) == nil,
              let old = indexingEarlier ? earlier.sublayerIndex : earlier.storage.facts.sublayerIndex.withLock({ $0 }) else { return }
        remember(old.following(earlier.sublayers, with: sublayers, replaced: replaced))
    }
}
