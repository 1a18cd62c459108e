extension RenderPlan {
    /// This plan limited to the pixels of `region` on the canvas, for redrawing only a frame's damage on a
    /// retained canvas (`RenderBackend.execute(_:region:)`).
    ///
    /// Each canvas-level command is repeated once per damage rect it reaches, with that rect as an extra
    /// scissor (the rects are disjoint, so no pixel is drawn twice); commands reaching no rect are dropped,
    /// and so are the offscreens (with everything drawn inside them) that no remaining command reads.
    /// Offscreens that remain are drawn whole, so every pixel inside the region comes out exactly as in
    /// the full plan.
    public func restricted(to region: DamageRegion) -> RenderPlan {
        var kept: [(index: Int, copies: [DrawCommand])] = []
        var blocks: [Int: (start: Int, end: Int)] = [:]
        var read = Set<OffscreenID>()
        var depth = 0, blockStart = 0
        for (i, command) in commands.enumerated() {
            switch command {
            case .beginOffscreen:
                if depth == 0 { blockStart = i }
                depth += 1
            case .endOffscreen:
                depth -= 1
                if depth == 0 { blocks[blockStart] = (blockStart, i) }
            default:
                guard depth == 0 else { continue }
                let reach = command.reach(offscreens: offscreens)
                var copies: [DrawCommand] = []
                for rect in region.rects {
                    if let r = reach, r.intersection(rect.rect) == nil { continue }
                    if let c = command.limited(to: rect) { copies.append(c) }
                }
                guard !copies.isEmpty else { continue }
                read.formUnion(command.offscreensRead)
                kept.append((i, copies))
            }
        }
        var map: [OffscreenID: OffscreenID] = [:]
        var newOffscreens: [Offscreen] = []
        var out: [DrawCommand] = []
        var k = 0
        var i = 0
        while i < commands.count {
            if let block = blocks[i] {
                if case .beginOffscreen(let id) = commands[i], read.contains(id) {
                    for j in block.start...block.end {
                        if case .beginOffscreen(let inner) = commands[j] {
                            map[inner] = newOffscreens.count
                            newOffscreens.append(offscreens[inner])
                        }
                        out.append(commands[j].renumbered(map))
                    }
                }
                i = block.end + 1
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
