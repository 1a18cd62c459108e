import Lamina

/// The GPU backend's side of a `PlanWalk`: each command built into the frame's steps (`FrameBuilder.run`,
/// through the recorded draws of earlier frames where there are some), offscreens given back to the pool
/// after their last reader, and the frame's flushes paced by the commands walked. The canvas and the
/// offscreens of an atlas batch (`drawBatch`) are walked this way.
struct FrameWalk: PlanWalkVisitor {
    unowned let builder: FrameBuilder
    let plan: RenderPlan
    var state: FrameState

    mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry {
        let next = try step(at: index)
        return next == index + 1 ? .enter : .resume(at: next)
    }

    mutating func end(_ id: OffscreenID, at index: Int) throws {
        _ = try step(at: index)
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
        return try builder.runRecorded(plan, at: index, state: &state)
    }
}
