import Lamina

/// The plan's `PlannedLayer`s found by the command a backend meets first: a layer's shadow and its
/// background fill. Draws that paint several parts of one layer at once (a shadow with its fill and
/// border, a whole card) take the parts from here, as the planner stated them.
struct LayerParts {
    private(set) var byShadow: [Int: PlannedLayer] = [:]
    private(set) var byBackground: [Int: PlannedLayer] = [:]

    /// No layers: every command is drawn on its own.
    static let empty = LayerParts()

    private init() {}

    init(_ plan: RenderPlan) {
        for layer in plan.layers where layer.shadow.upperBound <= plan.commands.count {
            if !layer.shadow.isEmpty { byShadow[layer.shadow.lowerBound] = layer }
            if let b = layer.background, plan.commands.indices.contains(b) { byBackground[b] = layer }
        }
    }

    /// The layer whose background fill comes right after the one-command shadow at `index`: the shadow's
    /// own layer, or the sublayer whose shape a shadow of its superlayer's silhouette follows.
    func layerFilledAfterShadow(at index: Int) -> PlannedLayer? {
        guard let shadow = byShadow[index], shadow.shadow.count == 1 else { return nil }
        return byBackground[index + 1]
    }
}
