extension RenderPlan {
    /// This plan limited to the pixels of `region` on the canvas, for redrawing only a frame's damage on a
    /// retained canvas (`RenderBackend.execute(_:region:)`).
    ///
    /// The canvas-level commands are repeated once per damage rect, in the plan's order, each copy with that
    /// rect as an extra scissor (the rects are disjoint, so no pixel is drawn twice and the rects' order does
    /// not matter); commands reaching no rect are dropped. Each copy draws, at their place in the plan, the
    /// offscreens that its commands read (under new ids: an offscreen read in two rects is drawn twice), each
    /// only where the copy's readers sample it (`OffscreenNeeds`), so every pixel inside the region comes out
    /// exactly as in the full plan, and each copy keeps its layers (`PlannedLayer`): a backend draws a copy
    /// the way it draws the full plan. Without `limitingOffscreens` the offscreens are drawn whole (for a
    /// backend that limits them itself, `RenderBackend.drawsOffscreensInPart`).
    /// Throws when the plan is malformed (see `SurfaceTree`, which also gives the offscreen blocks).
    public func restricted(to region: DamageRegion, limitingOffscreens: Bool = true) throws -> RenderPlan {
        let tree = try self.tree()
        let surfaces = tree.surfaces
        let canvasLevel = surfaces.canvasLevelIndices(commandCount: commands.count)
        var reaches = [Rect?](repeating: nil, count: commands.count)
        for i in canvasLevel { reaches[i] = commands[i].reach(offscreens: offscreens) }
        var writer = RestrictedPlanWriter(offscreens: offscreens)
        let blocks = surfaces.children(of: nil).map { surfaces.surfaces[$0] }
        for rect in region.rects {
            let reaching = canvasLevel.filter { i in reaches[i].map { $0.intersection(rect.rect) != nil } ?? true }
            let kept = unhidden(reaching, in: rect, reaches: reaches)
            guard !kept.isEmpty else { continue }
            var needs = OffscreenNeeds(offscreens: offscreens, limiting: limitingOffscreens)
            for (_, c) in kept { needs.addReads(of: c) }
            var drawn: [(index: Int, command: DrawCommand)] = []
            for block in blocks {
                guard case .beginOffscreen(let id) = commands[block.begin], needs.isRead(id) else { continue }
                drawn += limitedBlock(block.begin...block.end, needs: &needs)
            }
            writer.writeCopy(of: tree.canvas, keeping: drawn.isEmpty ? kept : (kept + drawn).sorted { $0.index < $1.index })
        }
        var plan = RenderPlan(width: width, height: height, clearColor: clearColor, images: images,
                              offscreens: writer.offscreens, commands: writer.commands)
        plan.layers = writer.layers
        plan.cancellation = cancellation
        plan.checkedSurfaces = SurfaceTree(made: writer.surfaces)
        return plan
    }

    /// The canvas-level commands of one damage rect that show in it, scissored to it: walked from the last,
    /// a command whose pixels in the rect all lie under the opaque interiors of later ones
    /// (`DrawCommand.opaqueCover(images:)`) is dropped, and one that samples an offscreen is scissored to the box of
    /// its pixels still uncovered, so its offscreen is drawn only there. Every pixel comes out as without
    /// the culling: a covered pixel ends with the opaque store above it. Only the commands kept are copied.
    private func unhidden(_ reaching: [Int], in rect: PixelRect, reaches: [Rect?]) -> [(index: Int, command: DrawCommand)] {
        var map = CoverMap(rect)
        var scissors = [PixelRect?](repeating: rect, count: reaching.count)
        for k in reaching.indices.reversed() {
            let i = reaching[k]
            if let reach = reaches[i].flatMap({ PixelRect(enclosing: $0) }) {
                if commands[i].readsOffscreen {
                    guard let seen = map.uncovered(in: reach) else { scissors[k] = nil; continue }
                    if let box = reach.intersection(rect), !seen.contains(box) { scissors[k] = seen }
                } else if !map.showsAny(of: reach) {
                    scissors[k] = nil; continue
                }
            }
            commands[i].forEachOpaqueCover(images: images) { map.cover($0) }
        }
        var kept: [(index: Int, command: DrawCommand)] = []
        kept.reserveCapacity(reaching.count)
        for (k, index) in reaching.enumerated() {
            if let scissor = scissors[k], let c = commands[index].limited(to: scissor) { kept.append((index, c)) }
        }
        return kept
    }

    /// The commands of the offscreen block `block` (a canvas-level `beginOffscreen` … `endOffscreen`) that
    /// the copy needs, each limited to the pixels of its offscreen that are read (`OffscreenNeeds`), with
    /// their indices; offscreens nested in it that nothing needed reads are left out.
    private func limitedBlock(_ block: ClosedRange<Int>, needs: inout OffscreenNeeds) -> [(index: Int, command: DrawCommand)] {
        var owner = [OffscreenID](repeating: -1, count: block.count)
        var open: [(id: OffscreenID, whole: Bool)] = []
        for j in block {
            switch commands[j] {
            case .beginOffscreen(let id):
                owner[j - block.lowerBound] = open.last?.id ?? -1
                let whole = offscreens[id].cacheKey != nil || (open.last?.whole ?? false)
                if whole { needs.requireAll(id) }
                open.append((id, whole))
            case .endOffscreen:
                owner[j - block.lowerBound] = open.popLast()?.id ?? -1
            default:
                owner[j - block.lowerBound] = open.last?.id ?? -1
            }
        }
        var limited = [DrawCommand?](repeating: nil, count: block.count)
        for j in block.reversed() {
            let k = j - block.lowerBound
            switch commands[j] {
            case .beginOffscreen, .endOffscreen: continue
            default:
                guard let c = needs.limit(commands[j], inside: owner[k]) else { continue }
                needs.addReads(of: c)
                limited[k] = c
            }
        }
        var result: [(index: Int, command: DrawCommand)] = []
        var j = block.lowerBound
        while j <= block.upperBound {
            let k = j - block.lowerBound
            switch commands[j] {
            case .beginOffscreen(let id) where !needs.isRead(id):
                var depth = 0
                repeat {
                    if case .beginOffscreen = commands[j] { depth += 1 }
                    if case .endOffscreen = commands[j] { depth -= 1 }
                    j += 1
                } while depth > 0
                continue
            case .beginOffscreen, .endOffscreen:
                result.append((j, commands[j]))
            default:
                if let c = limited[k] { result.append((j, c)) }
            }
            j += 1
        }
        return result
    }
}
