import Testing
@testable import Lamina

/// `PlanWalk`: the walk both backends make through a plan, with a visitor that writes down what it is told.
@Suite struct PlanWalkTests {
    /// Writes down every call; skips, resumes or draws several commands where told to.
    struct Recorder: PlanWalkVisitor {
        var events: [String] = []
        var entries: [OffscreenID: PlanWalk.Entry] = [:]
        var layerEntries: [String: PlanWalk.Entry] = [:]
        var drawsMore: [Int: Int] = [:]
        var advanced = 0

        mutating func begin(_ id: OffscreenID, at index: Int) throws -> PlanWalk.Entry {
            events.append("begin \(id) at \(index)")
            return entries[id] ?? .enter
        }
        mutating func end(_ id: OffscreenID, at index: Int) throws { events.append("end \(id) at \(index)") }
        mutating func begin(_ layer: PlannedLayer, spanning span: Range<Int>) throws -> PlanWalk.Entry {
            events.append("layer \(layer.path) \(span)")
            return layerEntries[layer.path.description] ?? .enter
        }
        mutating func draw(_ command: DrawCommand, at index: Int) throws -> Int {
            events.append("draw \(index)")
            return drawsMore[index] ?? 1
        }
        mutating func release(_ ids: [OffscreenID], after index: Int) throws { events.append("release \(ids) after \(index)") }
        mutating func advanced(by count: Int) { advanced += count }
    }

    static func fill(_ x: Double) -> DrawCommand {
        .fill(Fill(shape: RoundedRect(rect: Rect(x, 0, 10, 10), cornerRadius: 0), transform: .identity,
                   color: PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1), clip: .none))
    }

    static func composite(_ id: OffscreenID) -> DrawCommand {
        .image(ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 20, 20), sourceRect: Rect(0, 0, 1, 1), transform: .identity,
                         sampling: .nearest, opacity: 0.5, clip: .none))
    }

    /// 0 fill, 1 begin 0, 2 fill, 3 begin 1, 4 fill, 5 end, 6 composite 1, 7 end, 8 composite 0, 9 fill, 10 composite 0.
    static func nested() -> RenderPlan {
        let o = Offscreen(width: 20, height: 20, reason: .groupOpacity(layer: "g"))
        return RenderPlan(width: 40, height: 40, clearColor: .transparent, offscreens: [o, o], commands: [
            fill(0), .beginOffscreen(0), fill(1), .beginOffscreen(1), fill(2), .endOffscreen, composite(1), .endOffscreen,
            composite(0), fill(3), composite(0)])
    }

    /// Two layers: 0 shadow, 1 background, 2 contents, sublayer 3 background, 4 contents; 5 border.
    static func layered() -> RenderPlan {
        var plan = RenderPlan(width: 40, height: 40, clearColor: .transparent, commands: (0..<6).map { fill(Double($0)) })
        let root = JSONPath.document.key("root"), sublayer = root.key("sublayers").index(0)
        plan.layers = [PlannedLayer(path: root, shadow: 0..<1, background: 1, contents: 2..<3, sublayers: 3..<5, border: 5),
                       PlannedLayer(path: sublayer, shadow: 3..<3, background: 3, contents: 4..<5, sublayers: 5..<5)]
        return plan
    }

    static func walk(_ plan: RenderPlan, _ recorder: inout Recorder, range: Range<Int>? = nil) throws {
        try PlanWalk(plan, surfaces: try plan.surfaceTree()).walk(&recorder, range: range)
    }

    @Test("every command in order, offscreens entered and closed, each let go after its last reader")
    func inOrder() throws {
        var r = Recorder()
        try Self.walk(Self.nested(), &r)
        #expect(r.events == ["draw 0", "begin 0 at 1", "draw 2", "begin 1 at 3", "draw 4", "end 1 at 5", "draw 6", "release [1] after 6",
                             "end 0 at 7", "draw 8", "draw 9", "draw 10", "release [0] after 10"])
        #expect(r.advanced == 11)
    }

    @Test("a skipped offscreen goes on after its end, with nothing inside it visited or let go")
    func skip() throws {
        var r = Recorder()
        r.entries[0] = .skip
        try Self.walk(Self.nested(), &r)
        #expect(r.events == ["draw 0", "begin 0 at 1", "draw 8", "draw 9", "draw 10", "release [0] after 10"])
        #expect(r.advanced == 11)
    }

    @Test("a draw standing for the commands after it, and a resume past an offscreen's composite, step over them")
    func stepsOver() throws {
        var r = Recorder()
        r.drawsMore[8] = 2
        r.entries[1] = .resume(at: 7)
        try Self.walk(Self.nested(), &r)
        #expect(r.events == ["draw 0", "begin 0 at 1", "draw 2", "begin 1 at 3", "end 0 at 7", "draw 8", "draw 10",
                             "release [0] after 10"])
    }

    @Test("the inside of one offscreen walked alone")
    func range() throws {
        var r = Recorder()
        try Self.walk(Self.nested(), &r, range: 2..<7)
        #expect(r.events == ["draw 2", "begin 1 at 3", "draw 4", "end 1 at 5", "draw 6", "release [1] after 6"])
    }

    @Test("each layer item offered before its first command, its parts walked when it is entered; listed in another order, the same walk")
    func layers() throws {
        var r = Recorder()
        try Self.walk(Self.layered(), &r)
        let expected = ["layer root 0..<6", "draw 0", "draw 1", "draw 2", "layer root.sublayers[0] 3..<5", "draw 3", "draw 4", "draw 5"]
        #expect(r.events == expected)
        #expect(r.advanced == 6)
        var reversed = Self.layered()
        reversed.layers.reverse()
        var again = Recorder()
        try Self.walk(reversed, &again)
        #expect(again.events == expected)
    }

    @Test("a layer drawn whole, or in part, goes on after the commands its draw stood for; a draw may stand for the next layer's first commands")
    func layerDrawnWhole() throws {
        var whole = Recorder()
        whole.layerEntries["root"] = .resume(at: 6)
        try Self.walk(Self.layered(), &whole)
        #expect(whole.events == ["layer root 0..<6"])
        #expect(whole.advanced == 6)
        var part = Recorder()
        part.layerEntries["root"] = .resume(at: 2)
        part.layerEntries["root.sublayers[0]"] = .skip
        try Self.walk(Self.layered(), &part)
        #expect(part.events == ["layer root 0..<6", "draw 2", "layer root.sublayers[0] 3..<5", "draw 5"])
        var across = Recorder()
        across.drawsMore[2] = 2
        try Self.walk(Self.layered(), &across)
        #expect(across.events == ["layer root 0..<6", "draw 0", "draw 1", "draw 2", "draw 4", "draw 5"],
                "the sublayer began inside the run: not offered, its later parts walked")
        var backwards = Recorder()
        backwards.layerEntries["root"] = .resume(at: 0)
        #expect(throws: RenderError.self) { try Self.walk(Self.layered(), &backwards) }
    }

    @Test("a resume backwards and a range ending inside an offscreen are internal errors; a cancelled plan stops at once")
    func refused() throws {
        var r = Recorder()
        r.entries[0] = .resume(at: 1)
        #expect(throws: RenderError.self) { try Self.walk(Self.nested(), &r) }
        var inside = Recorder()
        #expect(throws: RenderError.self) { try Self.walk(Self.nested(), &inside, range: 0..<4) }
        var plan = Self.nested()
        plan.cancellation = RenderCancellation()
        plan.cancellation?.cancel()
        var cancelled = Recorder()
        #expect(throws: RenderCancelled.self) { try Self.walk(plan, &cancelled) }
        #expect(cancelled.events.isEmpty)
    }
}
