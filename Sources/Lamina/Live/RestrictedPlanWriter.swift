/// Writes the copies of a restricted plan (`RenderPlan.restricted(to:)`): for each damage rect, walks the
/// plan's tree and emits the commands that rect's copy keeps, in the plan's order, recording each layer's
/// parts at their new places as the planner records them and giving each offscreen the copy draws a new id;
/// the offscreens' tree (`SurfaceTree`) is recorded as they are emitted.
///
/// Layers are listed in the order their bodies begin, as the planner lists them. A layer whose shadow was kept
/// only in part is listed as drawing nothing (a backend must never take part of a shadow for all of it); its
/// other commands are still drawn, as are its sublayers with their own parts.
struct RestrictedPlanWriter {
    private(set) var commands: [DrawCommand] = []
    private(set) var offscreens: [Offscreen] = []
    private(set) var layers: [PlannedLayer] = []
    /// The offscreens of the plan written so far, as they were emitted: nesting, ends, readers.
    private(set) var surfaces: [SurfaceTree.Surface] = []
    private var open: [OffscreenID] = []
    private let source: [Offscreen]
    /// The current copy's commands by their index in the plan, ascending, and the next one to emit.
    private var kept: [(index: Int, command: DrawCommand)] = []
    private var next = 0
    private var renumber: [OffscreenID: OffscreenID] = [:]

    init(offscreens: [Offscreen]) { source = offscreens }

    /// Appends one copy: the commands of `kept` (indices into the plan, ascending, each as the copy draws it),
    /// with the structure `items` gives them.
    mutating func writeCopy(of items: [PlanItem], keeping kept: [(index: Int, command: DrawCommand)]) {
        self.kept = kept
        next = 0
        renumber = [:]
        write(items)
        precondition(open.isEmpty, "a copy of a restricted plan ends inside an offscreen")
    }

    private var nextIndex: Int { next < kept.count ? kept[next].index : Int.max }

    private mutating func write(_ items: [PlanItem]) {
        var k = 0
        while k < items.count, nextIndex != Int.max {
            k = Self.firstItem(of: items, from: k, endingAfter: nextIndex)
            guard k < items.count else { return }
            switch items[k] {
            case .draw(let index): _ = take(index)
            case .surface(let surface):
                guard take(surface.begin) else {
                    while nextIndex < surface.commands.upperBound { next += 1 }
                    break
                }
                write(surface.items)
                _ = take(surface.end)
            case .layer(let layer): write(layer)
            }
            k += 1
        }
    }

    private mutating func write(_ layer: LayerItem) {
        let start = commands.count, slot = layers.count
        var parts = PlannedLayer(path: layer.path, shadow: start..<start, contents: start..<start, sublayers: start..<start,
                                 clipsToBounds: layer.parts.clipsToBounds)
        layers.append(parts)
        write(layer.shadow)
        parts.shadow = start..<commands.count
        if let b = layer.background, take(b) { parts.background = commands.count - 1 }
        let contents = commands.count
        write(layer.contents)
        parts.contents = contents..<commands.count
        let sublayers = commands.count
        write(layer.sublayers)
        parts.sublayers = sublayers..<commands.count
        if let b = layer.border, take(b) { parts.border = commands.count - 1 }
        let wholeShadow = parts.shadow.isEmpty || parts.shadow.count == layer.parts.shadow.count
        if commands.count > start && wholeShadow { layers[slot] = parts }
    }

    /// Emits the plan's command `index` when the copy keeps it.
    private mutating func take(_ index: Int) -> Bool {
        guard nextIndex == index else { return false }
        let command = kept[next].command
        next += 1
        let at = commands.count
        switch command {
        case .beginOffscreen(let id):
            renumber[id] = offscreens.count
            surfaces.append(SurfaceTree.Surface(parent: open.last, begin: at, end: -1))
            open.append(offscreens.count)
            offscreens.append(source[id])
            commands.append(.beginOffscreen(offscreens.count - 1))
        case .endOffscreen:
            if let id = open.popLast() { surfaces[id].end = at }
            commands.append(command)
        case .image, .blurredShadow:
            let renumbered = command.renumbered(renumber)
            renumbered.forEachOffscreenRead { surfaces[$0].readers.append(at) }
            commands.append(renumbered)
        default:
            commands.append(command)
        }
        return true
    }

    /// The first item at or after `from` whose commands end after `index` (items are in plan order).
    private static func firstItem(of items: [PlanItem], from: Int, endingAfter index: Int) -> Int {
        var lo = from, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].commands.upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
