extension Scene {
    /// The static scene at `time` seconds: every animated property replaced by its value sampled at
    /// `time` (SCENE_FORMAT.md "Sampling at time t"), no animations left, `time` set to `time`. The
    /// model's depth and layer count are found once (kept with it) and handed to the presentation.
    /// Sampling recurses along the tree: a tree deeper than the calling thread's stack holds is sampled
    /// on a `LargeStack` thread.
    public func presentation(at time: Double) -> Scene {
        var out = self
        out.time = time
        let root = self.root
        let sampled = try? LargeStack.run(levels: root.depth) { () -> Layer? in
            guard root.subtreeHasAnimations else { return nil }
            _ = RenderPlanner.count(root)
            return root.presentation(at: time)
        }
        if let sampled = sampled ?? nil { out.root = sampled }
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
