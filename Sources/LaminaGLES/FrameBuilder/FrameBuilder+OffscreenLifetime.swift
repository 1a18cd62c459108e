import Lamina

/// Offscreen targets go back to the pool as soon as no later command reads them, so that a plan with
/// many same-sized offscreens (group opacity of many layers) keeps a few targets alive instead of all.
extension FrameBuilder {
    /// Gives the targets of these offscreens back to the pool (those kept by the raster cache stay).
    func releaseOffscreens(_ ids: [OffscreenID], state: inout FrameState) {
        for id in ids {
            guard !state.stack.contains(id), let target = state.content[id],
                  let slot = state.pooled.firstIndex(of: target) else { continue }
            state.pooled.remove(at: slot)
            state.content[id] = nil
            if let mips = state.offscreenMips.removeValue(forKey: id) {
                issuePending()
                state.temporaryTextures.removeAll { $0 == mips.texture }
                objects.deleteTexture(mips.texture)
            }
            pool.release(target, frame: frame)
        }
    }
}
