/// An explicit animation of one layer property, as Core Animation's `CABasicAnimation` (from/to) and
/// `CAKeyframeAnimation` (values, keyTimes, calculationMode) with `CAMediaTiming`'s timing
/// (SCENE_FORMAT.md "Animations (v1.1)"). A value: sample it with `value(at:model:)`.
public struct Animation: Hashable, Sendable {
    /// How keyframes are reached (`CAAnimationCalculationMode`).
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        /// Interpolate between neighbouring keyframes.
        case linear
        /// Hold each keyframe until the next key time.
        case discrete
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

    /// Seconds from `beginTime` to the end of the last cycle; infinity for an infinite repeat.
    public var activeDuration: Double {
        duration * (autoreverses ? 2 : 1) * repeatCount.cycles
    }

    /// The scene time the animation ends at; nil when it repeats forever.
    public var endTime: Double? {
        let end = beginTime + activeDuration
        return end.isFinite ? end : nil
    }

    /// Checks the rules of SCENE_FORMAT.md that a Swift caller can break (the decoder checks them with
    /// JSON paths): value kinds, keyframes, key times, duration, repeat count, finite numbers.
    public func validate() throws(AnimationError) {
        let kind = keyPath.valueKind
        let given = [from, to].compactMap { $0 } + (values ?? [])
        for v in given {
            guard v.kind == kind else { throw .wrongValueKind(keyPath: keyPath, expected: kind, got: v.kind) }
            guard v.isFinite else { throw .notFinite("a value") }
        }
        if let values {
            guard from == nil && to == nil else { throw .valuesWithFromTo }
            guard values.count >= 2 else { throw .tooFewValues(values.count) }
        }
        if let keyTimes {
            guard let values else { throw .keyTimesWithoutValues }
            guard keyTimes.count == values.count else { throw .keyTimesCount(expected: values.count, got: keyTimes.count) }
            try AnimationError.checkKeyTimes(keyTimes)
        }
        guard beginTime.isFinite else { throw .notFinite("beginTime") }
        guard duration.isFinite else { throw .notFinite("duration") }
        guard duration > 0 else { throw .nonPositiveDuration(duration) }
        if case .count(let n) = repeatCount {
            guard n.isFinite else { throw .notFinite("repeatCount") }
            guard n > 0 else { throw .nonPositiveRepeatCount(n) }
            guard endTime != nil else { throw .notFinite("beginTime + duration × repeatCount") }
        }
    }
}
