import Lamina

/// The plan's shadowed fills (`ShadowedFill`), found once per plan by walking its tree's layer items
/// (surfaces included, for opacity groups drawn without their offscreen), by shadow and by fill.
struct ShadowedFills {
    private(set) var byShadow: [Int: ShadowedFill] = [:]
    private(set) var byFill: [Int: ShadowedFill] = [:]

    /// None: every command is drawn on its own.
    static let empty = ShadowedFills()

    private init() {}

    init(_ tree: PlanTree, commands: [DrawCommand]) {
        PlanTree.forEachLayer(in: tree.canvas) { layer in
            guard let shadow = layer.closedFormShadow(in: commands), let filled = layer.firstFilledLayer,
                  let fill = filled.background, fill == shadow + 1 else { return }
            let found = ShadowedFill(shadow: shadow, fill: fill, filled: filled)
            byShadow[shadow] = found
            byFill[fill] = found
        }
    }

    /// The shadowed fills of `plan`; none when its tree cannot be built (a plan made by hand with
    /// inconsistent layer parts is drawn command by command).
    init(_ plan: RenderPlan) {
        guard let tree = try? plan.tree() else { self = .empty; return }
        self.init(tree, commands: plan.commands)
    }
}
