/// What a live layer does when one of its animatable properties is set (CALayer's `actions` entry for a
/// key): nothing, or an animation made from a template — its kind (a spring too), duration, timing function
/// and timing keys are kept, its `from` becomes the presentation value and its `to` the new model value.
public enum LayerAction: Hashable, Sendable {
    /// The change takes effect at once (`NSNull` in Core Animation's `actions`).
    case disabled
    case animation(Animation)
}
