/// A plan as a tree: the canvas holds items, and an item is a layer's drawing (`LayerItem`, its parts
/// typed), a single draw, or a nested surface (`SurfaceItem`) holding items of its own.
///
/// The commands stay the plan's storage — they are what the CPU's bands and the GPU's issue loop step
/// through — and the tree is their structure, built from the commands' offscreen brackets
/// (`SurfaceTree`) and the planner's layer parts (`RenderPlan.layers`) and checked while it is built:
/// every layer's parts follow each other without gaps, and a layer or surface lies wholly inside the
/// part or surface that holds it. Backends decide how to draw a layer or a surface on its node;
/// `lamina plan` prints the tree.
public struct PlanTree: Sendable {
    /// The plan's offscreens: nesting, readers, release points.
    public var surfaces: SurfaceTree
    /// What is drawn on the canvas, in order.
    public var canvas: [PlanItem]

    /// Builds and checks the tree of `plan` (throwing a `RenderError` of kind `.internal` when the plan is
    /// malformed: a bug in its maker).
    public init(_ plan: RenderPlan) throws {
        try self.init(plan, surfaces: try plan.surfaceTree())
    }

    /// The tree of `plan` whose offscreens are `surfaces`.
    public init(_ plan: RenderPlan, surfaces: SurfaceTree) throws {
        self.surfaces = surfaces
        var builder = Builder(plan: plan, surfaces: surfaces)
        canvas = try builder.items(in: 0..<plan.commands.count)
        guard builder.next == builder.layers.count else {
            throw SurfaceTree.invalid("layer \(builder.layers[builder.next].parts.path) lies across a surface or another layer")
        }
    }

    /// Calls `body` with every layer item of `items` and below, parents before their sublayers; surfaces
    /// are entered when `intoSurfaces` is set.
    public static func forEachLayer(in items: [PlanItem], intoSurfaces: Bool = true, _ body: (LayerItem) throws -> Void) rethrows {
        for item in items {
            switch item {
            case .draw: continue
            case .layer(let layer):
                try body(layer)
                for part in [layer.shadow, layer.contents, layer.sublayers] {
                    try forEachLayer(in: part, intoSurfaces: intoSurfaces, body)
                }
            case .surface(let surface):
                if intoSurfaces { try forEachLayer(in: surface.items, intoSurfaces: true, body) }
            }
        }
    }

    /// Every surface item of the tree, outer ones first.
    public func allSurfaces() -> [SurfaceItem] {
        var found: [SurfaceItem] = []
        func walk(_ items: [PlanItem]) {
            for item in items {
                switch item {
                case .draw: continue
                case .layer(let layer): walk(layer.shadow); walk(layer.contents); walk(layer.sublayers)
                case .surface(let surface): found.append(surface); walk(surface.items)
                }
            }
        }
        walk(canvas)
        return found
    }
}

extension PlanTree {
    /// Walks the commands once, taking each layer where its first command is met.
    private struct Builder {
        let commands: [DrawCommand]
        let surfaces: SurfaceTree
        /// The layers that draw something, in the order their bodies begin (`DrawnLayers`).
        let layers: [(parts: PlannedLayer, span: Range<Int>)]
        var next = 0

        init(plan: RenderPlan, surfaces: SurfaceTree) {
            commands = plan.commands
            self.surfaces = surfaces
            layers = DrawnLayers(plan.layers).entries.map { (plan.layers[$0.layer], $0.span) }
        }

        mutating func items(in range: Range<Int>) throws -> [PlanItem] {
            var items: [PlanItem] = []
            var i = range.lowerBound
            while i < range.upperBound {
                if next < layers.count, layers[next].span.lowerBound == i {
                    let (parts, span) = layers[next]
                    guard span.upperBound <= range.upperBound else {
                        throw SurfaceTree.invalid("layer \(parts.path) (commands \(span)) ends outside the part or surface holding it")
                    }
                    next += 1
                    items.append(.layer(try layer(parts, span: span)))
                    i = span.upperBound
                    continue
                }
                switch commands[i] {
                case .beginOffscreen(let id):
                    let end = try surfaces.end(ofBeginAt: i)
                    guard end < range.upperBound else {
                        throw SurfaceTree.invalid("offscreen \(id) (commands \(i)…\(end)) ends outside the part or surface holding it")
                    }
                    let inner = try self.items(in: (i + 1)..<end)
                    items.append(.surface(SurfaceItem(offscreen: id, commands: i..<(end + 1), items: inner,
                                                      readers: surfaces.surfaces[id].readers)))
                    i = end + 1
                case .endOffscreen:
                    throw SurfaceTree.invalid("command \(i) ends an offscreen inside a part that did not begin it")
                default:
                    items.append(.draw(i))
                    i += 1
                }
            }
            return items
        }

        private mutating func layer(_ parts: PlannedLayer, span: Range<Int>) throws -> LayerItem {
            var at = span.lowerBound
            func part(_ r: Range<Int>, _ name: String) throws -> Range<Int> {
                guard !r.isEmpty else { return at..<at }
                guard r.lowerBound == at else {
                    throw SurfaceTree.invalid("layer \(parts.path): its \(name) (commands \(r)) does not follow its previous part at \(at)")
                }
                at = r.upperBound
                return r
            }
            let shadow = try part(parts.shadow, "shadow")
            if let b = parts.background { _ = try part(b..<b + 1, "background") }
            let contents = try part(parts.contents, "contents")
            let sublayers = try part(parts.sublayers, "sublayers")
            if let b = parts.border { _ = try part(b..<b + 1, "border") }
            return LayerItem(parts: parts, commands: span, shadow: try items(in: shadow), contents: try items(in: contents),
                             sublayers: try items(in: sublayers))
        }
    }
}
