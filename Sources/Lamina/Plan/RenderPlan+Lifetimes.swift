/// How long each offscreen of a plan is needed: both backends release an offscreen's pixels, and
/// `MemoryNeeds` counts them, by these.
extension RenderPlan {
    /// For each offscreen, the index of the last command that reads it (an image draw of it or masked by
    /// it, or a blurred shadow of its alpha); −1 when nothing reads it.
    public func lastReads() -> [Int] {
        var last = [Int](repeating: -1, count: offscreens.count)
        func read(_ id: OffscreenID, _ i: Int) { if last.indices.contains(id) { last[id] = i } }
        for (i, command) in commands.enumerated() {
            switch command {
            case .image(let d):
                if case .offscreen(let id) = d.source { read(id, i) }
                if let m = d.mask { read(m, i) }
            case .blurredShadow(let s):
                if case .offscreen(let id) = s.source { read(id, i) }
            default: break
            }
        }
        return last
    }

    /// For each command index, the offscreens whose pixels no later command reads: read for the last
    /// time there, or closed there when nothing reads them.
    public func releasePoints() -> [Int: [OffscreenID]] {
        var end = [Int](repeating: -1, count: offscreens.count), open: [OffscreenID] = []
        for (index, command) in commands.enumerated() {
            switch command {
            case .beginOffscreen(let id): open.append(id)
            case .endOffscreen: if let id = open.popLast(), end.indices.contains(id) { end[id] = index }
            default: break
            }
        }
        var points: [Int: [OffscreenID]] = [:]
        for (id, read) in lastReads().enumerated() {
            let index = read >= 0 ? read : end[id]
            if index >= 0 { points[index, default: []].append(id) }
        }
        return points
    }
}
