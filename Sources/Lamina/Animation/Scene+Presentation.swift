extension Scene {
    /// The static scene at `time` seconds: every animated property replaced by its value sampled at
    /// `time` (SCENE_FORMAT.md "Sampling at time t"), no animations left, `time` set to `time`. The
    /// model's depth and layer count are found once (kept with it) and handed to the presentation.
    /// Recursion follows the tree's depth: sample trees deeper than a few thousand levels on a
    /// `LargeStack` thread, as planning does.
    public func presentation(at time: Double) -> Scene {
        var out = self
        out.time = time
        if hasAnimations {
            _ = (root.depth, RenderPlanner.count(root))
            out.root = root.presentation(at: time)
        }
        return out
    }

    /// True when any layer (a mask too) carries an animation.
    public var hasAnimations: Bool { root.subtreeHasAnimations }

    /// When the last animation that does not repeat forever ends, in scene seconds; nil when none does.
    public var lastAnimationEnd: Double? { root.lastAnimationEnd }

    /// True when some animation repeats forever.
    public var hasInfiniteAnimation: Bool { root.containsInfiniteAnimation }
}

extension Layer {
    var containsInfiniteAnimation: Bool {
        animations.contains { $0.repeatCount == .infinite } || (mask?.containsInfiniteAnimation ?? false)
            || sublayers.contains { $0.containsInfiniteAnimation }
    }
}
