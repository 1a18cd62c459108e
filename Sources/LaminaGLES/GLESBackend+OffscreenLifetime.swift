import Lamina

/// Offscreen targets go back to the pool as soon as no later command reads them, so that a plan with
/// many same-sized offscreens (group opacity of many layers) keeps a few targets alive instead of all.
extension GLESBackend {
    /// For each command index, the offscreens read for the last time there (or closed there, when no
    /// command reads them).
    static func lastReads(of plan: RenderPlan) -> [Int: [OffscreenID]] {
        var last: [OffscreenID: Int] = [:]
        var open: [OffscreenID] = []
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen(let id): open.append(id)
            case .endOffscreen: if let id = open.popLast() { last[id] = max(last[id] ?? index, index) }
            case .image(let image):
                if case .offscreen(let id) = image.source { last[id] = index }
                if let mask = image.mask { last[mask] = index }
            case .blurredShadow(let shadow):
                if case .offscreen(let id) = shadow.source { last[id] = index }
            default: break
            }
        }
        var releasable: [Int: [OffscreenID]] = [:]
        for (id, index) in last { releasable[index, default: []].append(id) }
        return releasable
    }

    /// Gives the targets of these offscreens back to the pool (those kept by the raster cache stay).
    func releaseOffscreens(_ ids: [OffscreenID], state: inout FrameState) {
        for id in ids {
            guard !state.stack.contains(id), let target = state.content[id],
                  let slot = state.pooled.firstIndex(of: target) else { continue }
            state.pooled.remove(at: slot)
            state.content[id] = nil
            if let mips = state.offscreenMips.removeValue(forKey: id) {
                state.temporaryTextures.removeAll { $0 == mips.texture }
                objects.deleteTexture(mips.texture)
            }
            pool.release(target, frame: frame)
        }
    }
}
