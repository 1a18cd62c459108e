extension RenderPlan {
    /// This plan limited to the pixels of `region` on the canvas, for redrawing only a frame's damage on a
    /// retained canvas (`RenderBackend.execute(_:region:)`).
    ///
    /// The canvas-level commands are repeated once per damage rect, in the plan's order, each copy with that
    /// rect as an extra scissor (the rects are disjoint, so no pixel is drawn twice and the rects' order does
    /// not matter); commands reaching no rect are dropped. Each copy draws, whole and at their place in the
    /// plan, the offscreens that its commands read (under new ids: an offscreen read in two rects is drawn
    /// twice), so every pixel inside the region comes out exactly as in the full plan, and each copy keeps
    /// its layers (`PlannedLayer`): a backend draws a copy the way it draws the full plan.
    /// Throws when the plan is malformed (see `SurfaceTree`, which also gives the offscreen blocks).
    public func restricted(to region: DamageRegion) throws -> RenderPlan {
        let surfaces = try SurfaceTree(self)
        var blockEnd: [Int: Int] = [:]
        for id in surfaces.children(of: nil) { blockEnd[surfaces.surfaces[id].begin] = surfaces.surfaces[id].end }
        var out: [DrawCommand] = []
        var newOffscreens: [Offscreen] = []
        var newLayers: [PlannedLayer] = []
        let blockStarts = blockEnd.keys.sorted()
        for rect in region.rects {
            var kept: [(index: Int, command: DrawCommand)] = []
            var read = Set<OffscreenID>()
            var i = 0
            while i < commands.count {
                if let end = blockEnd[i] { i = end + 1; continue }
                if let reach = commands[i].reach(offscreens: offscreens), reach.intersection(rect.rect) == nil { i += 1; continue }
                if let c = commands[i].limited(to: rect) {
                    read.formUnion(commands[i].offscreensRead)
                    kept.append((i, c))
                }
                i += 1
            }
            guard !kept.isEmpty else { continue }
            var copy = KeptCommands(base: out.count)
            var renumber: [OffscreenID: OffscreenID] = [:]
            var nextBlock = 0
            func emitBlocks(before index: Int) {
                while nextBlock < blockStarts.count, blockStarts[nextBlock] < index {
                    let begin = blockStarts[nextBlock]
                    nextBlock += 1
                    guard case .beginOffscreen(let id) = commands[begin], read.contains(id) else { continue }
                    for j in begin...blockEnd[begin]! {
                        if case .beginOffscreen(let inner) = commands[j] {
                            renumber[inner] = newOffscreens.count
                            newOffscreens.append(offscreens[inner])
                        }
                        copy.append(j)
                        out.append(commands[j].renumbered(renumber))
                    }
                }
            }
            for (index, command) in kept {
                emitBlocks(before: index)
                copy.append(index)
                out.append(command.renumbered(renumber))
            }
            newLayers += layers.compactMap { $0.renumbered(copy) }
        }
        var plan = RenderPlan(width: width, height: height, clearColor: clearColor, images: images,
                              offscreens: newOffscreens, commands: out)
        plan.layers = newLayers
        plan.cancellation = cancellation
        return plan
    }
}
