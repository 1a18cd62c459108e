import Lamina

extension FrameBuilder {
    /// Runs `body` for the commands from `index` (it returns the index after the last one it drew, or nil
    /// when it drew nothing), or queues the draws recorded for them on an earlier frame of the same
    /// preparation (`RecordedDraws`); records what `body` queued when it can be replayed later.
    func runOrReplay(at index: Int, state: inout FrameState, _ body: (inout FrameState) throws -> Int?) throws -> Int? {
        guard state.strategies.replay, batching(state), state.stack.isEmpty, state.atlasPage == nil else {
            return try body(&state)
        }
        if let entry = recorded.entry(at: index) {
            for draw in entry.draws {
                queue(draw.key, parameters: draw.parameters, pieces: draw.pieces, state: state)
            }
            state.fusedBorder = entry.fusedBorder
            counts = counts + entry.counts
            return entry.next
        }
        let before = counts
        recorded.begin()
        let next = try body(&state)
        recorded.end(at: index, next: next, fusedBorder: state.fusedBorder, counts: counts - before)
        return next
    }

    /// Executes the command at `index`; returns the index of the next command to run.
    func run(_ plan: RenderPlan, at index: Int, state: inout FrameState) throws -> Int {
        switch plan.commands[index] {
        case .beginOffscreen(let id):
            return try beginOffscreen(id, at: index, plan: plan, state: &state)
        case .endOffscreen:
            try endOffscreen(plan: plan, state: &state)
        case .fill(let fill):
            try draw(fill, state: state)
        case .border(let border):
            if state.fusedBorder == index { state.fusedBorder = nil } else { try draw(border, state: state) }
        case .image(let image):
            try draw(image, plan: plan, state: &state)
        case .roundedRectShadow(let shadow):
            let fill = state.preparation.shadowedFills.byShadow[index].map { plan.commands[$0.fill] }
            try draw(shadow, coveredBy: fill, plan: plan, state: state)
        case .blurredShadow(let shadow):
            try draw(shadow, state: &state)
        case .maskFill(let maskFill):
            try draw(maskFill, state: &state)
        case .gradient(let g):
            try draw(g, state: &state)
        case .glyphs:
            return try drawGlyphRuns(plan, from: index, state: &state)
        }
        return index + 1
    }

    private func beginOffscreen(_ id: OffscreenID, at index: Int, plan: RenderPlan, state: inout FrameState) throws -> Int {
        recorded.spoil()
        let offscreen = plan.offscreens[id]
        if let key = offscreen.cacheKey, let cached = rasterCache.lookup(key),
           cached.width == offscreen.width, cached.height == offscreen.height {
            state.content[id] = cached
            return try state.preparation.surfaces.end(ofBeginAt: index) + 1
        }
        guard offscreen.width > 0, offscreen.height > 0, state.preparation.offscreenNeeds[id]?.isEmpty != true else {
            state.content[id] = nil
            return try state.preparation.surfaces.end(ofBeginAt: index) + 1
        }
        if let next = try beginAtlasOffscreen(id, at: index, plan: plan, state: &state) { return next }
        guard offscreen.width <= info.maxTextureSize, offscreen.height <= info.maxTextureSize else {
            throw GLESError.unsupported("offscreen \(id) of \(offscreen.width)×\(offscreen.height) exceeds GL_MAX_TEXTURE_SIZE \(info.maxTextureSize)")
        }
        let target = try pool.acquire(width: offscreen.width, height: offscreen.height, format: .rgba8, objects: objects)
        state.pooled.append(target)
        state.content[id] = target
        state.offscreenMips[id] = nil
        state.stack.append(id)
        state.current = target
        emit(.clear(target, rects: nil, color: .transparent))
        return index + 1
    }

    private func endOffscreen(plan: RenderPlan, state: inout FrameState) throws {
        recorded.spoil()
        guard let id = state.stack.popLast() else { throw RenderError(.internal, "invalid render plan: endOffscreen without beginOffscreen") }
        if let key = plan.offscreens[id].cacheKey, let target = state.content[id] {
            state.pooled.removeAll { $0 == target }
            rasterCache.insert(key, target, cost: target.byteCount)
        }
        state.current = state.stack.last.flatMap { state.content[$0] } ?? state.canvas
    }
}
