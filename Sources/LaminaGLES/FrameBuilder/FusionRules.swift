import Lamina

/// When the parts of one layer may be drawn by one shadow–fill(–border) draw, as the plan states the
/// parts (`PlannedLayer`) and their geometry allows.
enum FusionRules {
    /// Whether a shadow and the fill after it may share a draw, as far as the commands tell (same transform
    /// and clip, a blurred shadow, a visible fill); the backend adds what it knows when drawing.
    static func mayFuse(_ shadow: RoundedRectShadow, with fill: Fill) -> Bool {
        shadow.sigma > 0 && !fill.color.isTransparent && fill.transform == shadow.transform && fill.clip == shadow.clip
    }

    /// The border a shadow–fill draw of the fill at `fillIndex` also paints: the border of the layer whose
    /// background that fill is (`PlannedLayer`), when the commands between them draw nothing (`invisible`)
    /// and it is a ring of the fill's shape with the same transform and clip, no clip shapes and circular
    /// corners. Nil when there is none.
    static func borderPartner(ofFill fillIndex: Int, in plan: RenderPlan, parts: LayerParts,
                              invisible: (Int) -> Bool) -> (index: Int, border: Border, width: Double)? {
        guard let layer = parts.byBackground[fillIndex], let j = layer.border, j > fillIndex, plan.commands.indices.contains(j),
              case .fill(let fill) = plan.commands[fillIndex], fill.clip.shapes.isEmpty,
              case .border(let b) = plan.commands[j], b.outer == fill.shape, b.transform == fill.transform, b.clip == fill.clip,
              !b.color.isTransparent, !DrawPrograms.needsContinuousCorners(clip: b.clip, shapes: [b.outer, b.inner]) else { return nil }
        for k in (fillIndex + 1)..<j {
            switch plan.commands[k] {
            case .beginOffscreen, .endOffscreen: return nil
            default: if !invisible(k) { return nil }
            }
        }
        return (j, b, b.width)
    }
}
