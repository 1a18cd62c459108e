/// A layer's body in a plan's tree: its parts in the order Core Animation composites them — shadow,
/// background, contents, sublayers, border — each as the items that draw it.
///
/// A backend that draws several parts of a layer at once (a shadow with its fill, a whole card) decides
/// that on this node, from the parts the planner stated, instead of matching command sequences.
public final class LayerItem: Sendable {
    /// The parts as command indices (`PlannedLayer`: ranges and the background and border commands).
    public let parts: PlannedLayer
    /// Every command of the body, from its first part to its last.
    public let commands: Range<Int>
    /// Its shadow's items: one closed-form shadow; or a silhouette surface and its blur; or a path mask.
    public let shadow: [PlanItem]
    /// Its contents' items (one image, nine for a `contentsCenter` grid, text runs, a shape, a gradient).
    public let contents: [PlanItem]
    /// Its sublayers' items, in drawing order: their layer items, and the surfaces and composites of the
    /// sublayers drawn through an offscreen.
    public let sublayers: [PlanItem]

    /// A layer node of `parts`, spanning `commands`, with the items of its shadow, contents and sublayers.
    public init(parts: PlannedLayer, commands: Range<Int>, shadow: [PlanItem], contents: [PlanItem], sublayers: [PlanItem]) {
        self.parts = parts; self.commands = commands; self.shadow = shadow; self.contents = contents; self.sublayers = sublayers
    }

    /// The layer's place in the scene document.
    public var path: JSONPath { parts.path }
    /// Its background fill's command.
    public var background: Int? { parts.background }
    /// Its border's command.
    public var border: Int? { parts.border }

    /// The command of its shadow when that is one closed-form shadow draw.
    public func closedFormShadow(in commands: [DrawCommand]) -> Int? {
        guard shadow.count == 1, case .draw(let index) = shadow[0], case .roundedRectShadow = commands[index] else { return nil }
        return index
    }

    /// The layer whose background fill is the first command drawn after this layer's shadow: this layer,
    /// or — when it draws no background or contents of its own — the first sublayer that starts with one
    /// (the layer whose shape a shadow of this layer's silhouette follows). Nil when the next command is
    /// something else.
    public var firstFilledLayer: LayerItem? {
        if background != nil { return self }
        guard contents.isEmpty, let first = sublayers.first, case .layer(let sublayer) = first, sublayer.shadow.isEmpty else {
            return nil
        }
        return sublayer.firstFilledLayer
    }
}
