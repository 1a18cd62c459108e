/// One node of a plan's tree (`PlanTree`): a layer's drawing, a single draw, or a nested surface.
public enum PlanItem: Sendable {
    /// The command at this index of `RenderPlan.commands`, drawn on its own.
    case draw(Int)
    /// A layer's body, part by part (`LayerItem`).
    case layer(LayerItem)
    /// An offscreen and what is drawn into it (`SurfaceItem`).
    case surface(SurfaceItem)

    /// The commands the item spans, in plan order.
    public var commands: Range<Int> {
        switch self {
        case .draw(let index): return index..<index + 1
        case .layer(let layer): return layer.commands
        case .surface(let surface): return surface.commands
        }
    }

    /// The single command of `items` when they are exactly one draw, looking through layer items that
    /// draw nothing else; nil otherwise.
    public static func onlyDraw(of items: [PlanItem]) -> Int? {
        guard items.count == 1 else { return nil }
        switch items[0] {
        case .draw(let index): return index
        case .layer(let layer): return layer.commands.count == 1 ? layer.commands.lowerBound : nil
        case .surface: return nil
        }
    }
}
