/// An explicit animation of one layer property, as Core Animation's `CABasicAnimation` (from/to),
/// `CAKeyframeAnimation` (values, keyTimes, calculationMode, timingFunctions), `CASpringAnimation`
/// (`Animation.spring`) and `CAAnimationGroup` (`Animation.group`) with `CAMediaTiming`'s timing
/// (SCENE_FORMAT.md "Animations (v1.1)" and "More animations (v1.3)"). A value: sample it with
/// `value(at:model:)`, or apply it, groups included, with `Layer.presentation(at:)`.
public struct Animation: Hashable, Sendable {
    /// What the animation is besides its timing.
    public enum Kind: Hashable, Sendable {
        /// A basic (`from`/`to`) or keyframe (`values`) animation.
        case property
        /// A `CASpringAnimation` from `from` to `to`: its fraction is 1 − x(τ), not eased.
        case spring(Spring)
        /// A `CAAnimationGroup`: the animations play in the group's local time, cut off where its cycle
        /// ends; the group's own `keyPath`, values and timing functions are not used.
        case group([Animation])
    }

    /// How keyframes are reached (`CAAnimationCalculationMode`).
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        /// Interpolate between neighbouring keyframes.
        case linear
        /// Hold each keyframe until the next key time.
        case discrete
        /// Key times ignored: equal speed along the values by the Euclidean distance of their components.
        case paced
        /// A cubic Hermite spline through the values at the key times (Catmull-Rom tangents inside).
        case cubic
    }

    /// What shows outside the active time (`CAMediaTimingFillMode`).
    public enum FillMode: String, Hashable, Sendable, CaseIterable {
        /// The model value.
        case removed
        /// The end value after the active time.
        case forwards
        /// The start value before the begin time.
        case backwards
        /// Both.
        case both

        var holdsStart: Bool { self == .backwards || self == .both }
        var holdsEnd: Bool { self == .forwards || self == .both }
    }

    /// How many cycles play: a positive count (fractions allowed) or forever.
    public enum RepeatCount: Hashable, Sendable {
        case count(Double)
        case infinite

        /// The count, infinity for `.infinite`.
        public var cycles: Double {
            switch self {
            case .count(let n): return n
            case .infinite: return .infinity
            }
        }
    }

    public var keyPath: AnimationKeyPath
    /// The name `Layer.add(_:forKey:)` gave it; nil for animations of scene files and unkeyed ones.
    public var key: String?
    /// Start of a basic animation; nil = the layer's model value.
    public var from: AnimationValue?
    /// End of a basic animation; nil = the layer's model value.
    public var to: AnimationValue?
    /// Keyframes (at least 2) instead of `from`/`to`.
    public var values: [AnimationValue]?
    /// When each keyframe is reached, 0…1 ascending from 0 to 1; nil = evenly spaced.
    public var keyTimes: [Double]?
    public var calculationMode: CalculationMode = .linear
    /// Seconds on the scene clock when the animation starts.
    public var beginTime: Double = 0
    /// Seconds of one cycle (> 0).
    public var duration: Double = 0.25
    public var repeatCount: RepeatCount = .count(1)
    /// Each cycle plays forwards, then backwards (a cycle then lasts 2 × duration).
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed
    public var timingFunction: TimingFunction = .linear
    /// Keyframes only: one easing per segment (`values.count − 1`), applied within each segment after
    /// `timingFunction`; ignored by the discrete and paced modes. Nil = linear segments.
    public var timingFunctions: [TimingFunction]?
    /// How fast the animation's time runs relative to its parent's (> 0, finite; `CAMediaTiming.speed`).
    public var speed: Double = 1
    /// Seconds of local time added before the wrap into the active duration (≥ 0; `CAMediaTiming.timeOffset`).
    public var timeOffset: Double = 0
    public var kind: Kind = .property
    /// In a live tree: whether the animation is taken off its layer once it has ended (Core Animation's
    /// default, true); with false and `fillMode` forwards its end value stays. Scene files never remove
    /// animations: their still at time t follows the fill modes alone.
    public var isRemovedOnCompletion: Bool = true

    /// A basic animation from `from` to `to` (either nil = the model value).
    public init(keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                duration: Double = 0.25) {
        self.keyPath = keyPath
        self.from = from
        self.to = to
        self.duration = duration
    }

    /// A keyframe animation.
    public init(keyPath: AnimationKeyPath, values: [AnimationValue], keyTimes: [Double]? = nil,
                calculationMode: CalculationMode = .linear, duration: Double = 0.25) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
        self.calculationMode = calculationMode
        self.duration = duration
    }

    /// Seconds of local time from the start to the end of the last cycle, T = duration × repeatCount
    /// (× 2 with autoreverses); infinity for an infinite repeat. On the parent's clock it lasts T / speed.
    public var activeDuration: Double {
        duration * (autoreverses ? 2 : 1) * repeatCount.cycles
    }

    /// The time on the parent's clock (the scene's, or a group's local time) the animation ends at,
    /// beginTime + T / speed; nil when it repeats forever.
    public var endTime: Double? {
        let end = beginTime + activeDuration / speed
        return end.isFinite ? end : nil
    }
}
