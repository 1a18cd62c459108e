import Lamina

/// Drawing the offscreens that `OffscreenAtlas` places in shared pages: a whole batch at once, the
/// first time the plan begins one of its offscreens, a page per nesting level.
extension FrameBuilder {
    /// Size of a page: 1024 × 512 RGBA is 2 MiB (two pages per nesting level in use). Larger pages hold larger batches, whose draws llvmpipe
    /// keeps binned together: two 2048 × 2048 pages raised the peak memory of cards-5000 at scale 2 by
    /// 130 MB, 1024 × 1024 by 25 MB, 1024 × 512 by 5 MB, and 512 × 512 (two cards a batch) lost the gain.
    static let atlasPageWidth = 1024, atlasPageHeight = 512

    /// Makes sure the atlas pages are large enough for `atlas` (a
    /// page index that no batch uses gets a 16 × 16 placeholder, so the pages keep their indices; a mask
    /// page has the size of the page it mirrors).
    func preparePages(for atlas: OffscreenAtlas) throws {
        let side = atlas.pageWidth
        for (page, height) in atlas.pageHeights.enumerated() {
            let mirrored = OffscreenAtlas.contentPage(ofMaskPage: page).map { atlasPages[$0] }
            let needed = mirrored?.height ?? min(atlas.pageHeightLimit, (height + 127) / 128 * 128)
            if page < atlasPages.count, height == 0 || (atlasPages[page].width == side && atlasPages[page].height >= needed
                                                         && mirrored.map { $0.height == atlasPages[page].height } ?? true) { continue }
            let target = try objects.makeTarget(width: height == 0 ? OffscreenAtlas.alignment : side,
                                               height: height == 0 ? OffscreenAtlas.alignment : needed, format: .rgba8)
            if page < atlasPages.count {
                objects.deleteTarget(atlasPages[page])
                atlasPages[page] = target
            } else {
                atlasPages.append(target)
            }
        }
    }

    /// For the `beginOffscreen` at `index` of an offscreen in the atlas: draws its batch unless that is
    /// done, and returns the index after its `endOffscreen`; nil when the offscreen is not in the atlas.
    func beginAtlasOffscreen(_ id: OffscreenID, at index: Int, plan: RenderPlan, state: inout FrameState) throws -> Int? {
        guard let atlas = state.atlas, let placement = atlas.placements[id] else { return nil }
        if !state.drawnBatches.contains(placement.batch) {
            try drawBatch(placement.batch, of: atlas, plan: plan, state: &state)
        }
        return try state.preparation.surfaces.end(ofBeginAt: index) + 1
    }

    /// One page of a batch: a nesting level, or the masks of level 0.
    private struct Page: Hashable {
        var level: Int, mask: Bool
    }

    /// Draws a batch's offscreens into their pages, the deepest level first: each level's offscreens
    /// composite those of the level below, which are then drawn and their page's draws issued.
    private func drawBatch(_ batch: Int, of atlas: OffscreenAtlas, plan: RenderPlan, state: inout FrameState) throws {
        recorded.spoil()
        state.drawnBatches.insert(batch)
        let members = atlas.batches[batch]
        let pages = Set(members.map { Page(level: $0.level, mask: $0.mask) }).sorted { ($0.level, $0.mask ? 1 : 0) > ($1.level, $1.mask ? 1 : 0) }
        if pages.contains(where: { batches.reads(texture: atlasPages[OffscreenAtlas.page(ofBatch: batch, level: $0.level, mask: $0.mask)].texture) }) {
            flushBatches()
        }
        let resume = state.commandIndex
        for kind in pages {
            let page = atlasPages[OffscreenAtlas.page(ofBatch: batch, level: kind.level, mask: kind.mask)]
            state.atlasPage = page
            for member in members where member.level == kind.level && member.mask == kind.mask {
                guard let placement = atlas.placements[member.id] else { continue }
                let offscreen = plan.offscreens[member.id]
                let target = page.region(x: placement.x, y: placement.y, width: offscreen.width, height: offscreen.height)
                state.content[member.id] = target
                state.stack = [member.id]
                state.current = target
                clear(target, pieces: state.preparation.offscreenNeeds[member.id])
                var walk = FrameWalk(builder: self, plan: plan,
                                     state: FrameState(canvas: state.canvas, strategies: state.strategies,
                                                       preparation: state.preparation, walk: state.walk))
                swap(&walk.state, &state)
                defer { swap(&walk.state, &state) }
                try state.walk.walk(&walk, range: (member.begin + 1)..<member.end)
            }
            flushPageBatches(state)
        }
        state.atlasPage = nil
        state.stack = []
        state.commandIndex = resume
        state.current = state.canvas
    }

    /// Clears a region of a page to transparent: the bounding box of the needed pieces, or all of it.
    private func clear(_ target: RenderTarget, pieces: [QuadPiece]?) {
        var box = QuadPiece(x0: 0, y0: 0, x1: target.width, y1: target.height)
        if let pieces, let first = pieces.first { box = pieces.dropFirst().reduce(first) { $0.union($1) } }
        emit(.clear(target, rects: [QuadPiece(x0: target.originX + box.x0, y0: target.originY + box.y0,
                                              x1: target.originX + box.x1, y1: target.originY + box.y1)], color: .transparent))
    }

    /// The part of its texture an image source occupies, in unit texture coordinates (x, y, width,
    /// height), and the coordinates sampling is clamped to (minX, minY, maxX, maxY: the centers of the
    /// edge texels for an atlas region, the whole texture otherwise).
    static func sourceWindow(of source: ImageSource, state: FrameState) -> (window: [Float], clamp: [Float]) {
        guard case .offscreen(let id) = source, let t = state.content[id], t.isRegion else {
            return ([0, 0, 1, 1], [0, 0, 1, 1])
        }
        let tw = Float(t.textureWidth), th = Float(t.textureHeight)
        let x = Float(t.originX), y = Float(t.originY), w = Float(t.width), h = Float(t.height)
        return ([x / tw, y / th, w / tw, h / th],
                [(x + 0.5) / tw, (y + 0.5) / th, (x + w - 0.5) / tw, (y + h - 0.5) / th])
    }
}
