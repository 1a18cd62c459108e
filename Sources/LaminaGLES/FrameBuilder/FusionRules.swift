import Lamina

/// When the parts of one layer may be drawn by one shadow–fill(–border) draw, as the plan tree states
/// the parts (`ShadowedFill`) and their geometry allows.
enum FusionRules {
    /// Whether a shadow and the fill after it may share a draw, as far as the commands tell (same transform
    /// and clip, a blurred shadow, a visible fill); the backend adds what it knows when drawing.
    static func mayFuse(_ shadow: RoundedRectShadow, with fill: Fill) -> Bool {
        shadow.sigma > 0 && !fill.color.isTransparent && fill.transform == shadow.transform && fill.clip == shadow.clip
    }
}
