import Lamina

/// A layer of the plan's tree whose shadow is one closed-form shadow draw, and the background fill drawn
/// right after it (`LayerItem.firstFilledLayer`): the parts a shadow–fill draw (`drawFused`) or a card draw
/// (`CardDraw`) may paint at once, found on the tree's layer nodes as the planner stated them.
struct ShadowedFill {
    /// The indices of the shadow and of the fill.
    let shadow: Int, fill: Int
    /// The layer whose background the fill is: the shadow's own layer, or the sublayer whose shape a shadow
    /// of its superlayer's silhouette follows.
    let filled: LayerItem

    /// The border a shadow–fill draw also paints: the filled layer's border when it is a visible ring of the
    /// fill's shape with the same transform and clip, no clip shapes and circular corners, and the commands
    /// between the fill and it (its contents and sublayers) draw nothing (`invisible`). Nil when there is none.
    func border(in commands: [DrawCommand], invisible: (Int) -> Bool) -> (index: Int, border: Border)? {
        guard let j = filled.border, j > fill, case .fill(let f) = commands[fill], f.clip.shapes.isEmpty,
              case .border(let b) = commands[j], b.outer == f.shape, b.transform == f.transform, b.clip == f.clip,
              !b.color.isTransparent, !ProgramKey.needsContinuousCorners(clip: b.clip, shapes: [b.outer, b.inner])
        else { return nil }
        for k in (fill + 1)..<j {
            switch commands[k] {
            case .beginOffscreen, .endOffscreen: return nil
            default: if !invisible(k) { return nil }
            }
        }
        return (j, b)
    }
}
