extension RenderPlan {
    /// This plan limited to the pixels of `region` on the canvas, for redrawing only a frame's damage on a
    /// retained canvas (`RenderBackend.execute(_:region:)`).
    ///
    /// Each canvas-level command is repeated once per damage rect it reaches, with that rect as an extra
    /// scissor (the rects are disjoint, so no pixel is drawn twice); commands reaching no rect are dropped,
    /// and so are the offscreens (with everything drawn inside them) that no remaining command reads.
    /// Offscreens that remain are drawn whole, so every pixel inside the region comes out exactly as in
    /// the full plan.
    /// Throws when the plan is malformed (see `SurfaceTree`, which also gives the offscreen blocks).
    public func restricted(to region: DamageRegion) throws -> RenderPlan {
        let surfaces = try SurfaceTree(self)
        var blockEnd: [Int: Int] = [:]
        for id in surfaces.children(of: nil) { blockEnd[surfaces.surfaces[id].begin] = surfaces.surfaces[id].end }
        var kept: [(index: Int, copies: [DrawCommand])] = []
        var read = Set<OffscreenID>()
        var i = 0
        while i < commands.count {
            if let end = blockEnd[i] { i = end + 1; continue }
            let command = commands[i]
            let reach = command.reach(offscreens: offscreens)
            var copies: [DrawCommand] = []
            for rect in region.rects {
                if let r = reach, r.intersection(rect.rect) == nil { continue }
                if let c = command.limited(to: rect) { copies.append(c) }
            }
            if !copies.isEmpty {
                read.formUnion(command.offscreensRead)
                kept.append((i, copies))
            }
            i += 1
        }
        var map: [OffscreenID: OffscreenID] = [:]
        var newOffscreens: [Offscreen] = []
        var out: [DrawCommand] = []
        var k = 0
        i = 0
        while i < commands.count {
            if let end = blockEnd[i] {
                if case .beginOffscreen(let id) = commands[i], read.contains(id) {
                    for j in i...end {
                        if case .beginOffscreen(let inner) = commands[j] {
                            map[inner] = newOffscreens.count
                            newOffscreens.append(offscreens[inner])
                        }
                        out.append(commands[j].renumbered(map))
                    }
                }
                i = end + 1
                continue
            }
            if k < kept.count, kept[k].index == i {
                out += kept[k].copies.map { $0.renumbered(map) }
                k += 1
            }
            i += 1
        }
        var plan = RenderPlan(width: width, height: height, clearColor: clearColor, images: images,
                              offscreens: newOffscreens, commands: out)
        plan.cancellation = cancellation
        return plan
    }
}
