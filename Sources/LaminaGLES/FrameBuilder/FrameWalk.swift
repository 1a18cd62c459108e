import Lamina

/// The GPU backend's side of a `PlanWalk`: a layer item's shadow and fill drawn as one card draw (`CardDraw`)
/// or one shadow–fill draw (`drawFused`), and an opacity group drawn without its offscreen (`CollapsedCard`),
/// where the preparation found them on those nodes; each other command built into the frame's steps (`FrameBuilder.run`); all of them through the
/// draws recorded on earlier frames where there are some (`FrameBuilder.runOrReplay`). Offscreens are given
/// back to the pool after their last reader, and the frame's flushes are paced by the commands walked. The
/// canvas and the offscreens of an atlas batch (`drawBatch`) are walked this way.
struct FrameWalk: PlanWalkVisitor {
    unowned let builder: FrameBuilder
    let plan: RenderPlan
    var state: FrameState

    mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry {
        state.commandIndex = index
        if let group = state.preparation.collapsedCards[index], let next = try builder.runOrReplay(at: index, state: &state, {
            [builder, plan] state in try builder.drawCollapsed(group, plan: plan, state: state)
        }) {
            return .resume(at: next)
        }
        let next = try step(at: index)
        return next == index + 1 ? .enter : .resume(at: next)
    }

    mutating func end(_ id: OffscreenID, at index: Int) throws {
        _ = try step(at: index)
    }

    mutating func begin(_ layer: PlannedLayer, spanning span: Range<Int>) throws -> PlanWalk.Entry {
        let index = span.lowerBound
        guard let parts = state.preparation.shadowedFills.byShadow[index] else { return .enter }
        state.commandIndex = index
        if let card = state.preparation.cards[index], let next = try builder.runOrReplay(at: index, state: &state, {
            [builder, plan] state in try builder.drawCard(card, plan: plan, state: state)
        }) {
            return .resume(at: next)
        }
        let next = try builder.runOrReplay(at: index, state: &state) { [builder, plan] state in
            try builder.drawFused(parts, plan: plan, state: &state)
        }
        return next.map { .resume(at: $0) } ?? .enter
    }

    mutating func draw(_ command: DrawCommand, at index: Int) throws -> Int {
        try step(at: index) - index
    }

    mutating func release(_ ids: [OffscreenID], after index: Int) throws {
        builder.releaseOffscreens(ids, state: &state)
    }

    mutating func advanced(by count: Int) {
        builder.commandsDone(count, state: &state)
    }

    private mutating func step(at index: Int) throws -> Int {
        state.commandIndex = index
        let next = try builder.runOrReplay(at: index, state: &state) { [builder, plan] state in try builder.run(plan, at: index, state: &state) }
        return next ?? index + 1
    }
}
