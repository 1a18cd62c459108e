/// An animation that breaks a rule of SCENE_FORMAT.md "Animations (v1.1)", found by `Animation.validate()`.
public enum AnimationError: LaminaFailure, Hashable {
    /// A `from`, `to` or keyframe value of another kind than the key path takes.
    case wrongValueKind(keyPath: AnimationKeyPath, expected: AnimationKeyPath.ValueKind, got: AnimationKeyPath.ValueKind)
    /// `values` together with `from` or `to`.
    case valuesWithFromTo
    /// Fewer than 2 keyframes.
    case tooFewValues(Int)
    /// `keyTimes` on an animation without `values`.
    case keyTimesWithoutValues
    /// Not one key time per value.
    case keyTimesCount(expected: Int, got: Int)
    /// A key time outside 0…1.
    case keyTimeOutOfRange(index: Int, value: Double)
    /// The first key time is not 0 or the last not 1.
    case keyTimesEnds(first: Double, last: Double)
    /// A key time smaller than the one before it.
    case keyTimesNotAscending(index: Int)
    /// A duration ≤ 0.
    case nonPositiveDuration(Double)
    /// A repeat count ≤ 0.
    case nonPositiveRepeatCount(Double)
    /// A number that is NaN or infinite (the string names which).
    case notFinite(String)
    /// A spring parameter out of its range (`expected` says which: "> 0", "≥ 0").
    case springParameter(name: String, value: Double, expected: String)
    /// A key a spring does not take ("timingFunction", "values", …).
    case notForSprings(String)
    /// A spring without a duration whose settling duration is past `Spring.maximumSettlingDuration` (or never).
    case settlingTooLong
    /// A group inside more than `Animation.maximumGroupDepth` − 1 groups.
    case groupTooDeep(limit: Int)
    /// Not one timing function per keyframe segment.
    case timingFunctionsCount(expected: Int, got: Int)
    /// `timingFunctions` on an animation without `values`.
    case timingFunctionsWithoutValues
    /// A speed ≤ 0.
    case nonPositiveSpeed(Double)
    /// A time offset < 0.
    case negativeTimeOffset(Double)
    /// A group whose duration cannot default to its children's latest end (none, or one repeats forever).
    case groupNeedsDuration
    /// Values of a colors, numbers or path key path that do not match each other (another count of colors
    /// or locations, a path of other commands).
    case mismatchedValues(keyPath: AnimationKeyPath)
    /// A key path of a layer subclass (`fontSize` of `CATextLayer`, …) added to a layer of another class.
    case wrongLayerClass(keyPath: AnimationKeyPath, expected: LayerClass, got: LayerClass)

    public var kind: FailureKind { .badInput }

    public var description: String {
        switch self {
        case .wrongValueKind(let path, let expected, let got):
            return "\"\(path.rawValue)\" takes a \(expected.rawValue), got a \(got.rawValue)"
        case .valuesWithFromTo: return "\"values\" cannot be combined with \"from\" or \"to\""
        case .tooFewValues(let n): return "expected at least 2 values, got \(n)"
        case .keyTimesWithoutValues: return "\"keyTimes\" needs \"values\""
        case .keyTimesCount(let e, let g): return "expected \(e) key times (one per value), got \(g)"
        case .keyTimeOutOfRange(let i, let v): return "key time \(i) is \(Format.number(v)); key times lie in 0…1"
        case .keyTimesEnds(let f, let l):
            return "key times must start at 0 and end at 1, got \(Format.number(f)) … \(Format.number(l))"
        case .keyTimesNotAscending(let i): return "key times must be ascending; key time \(i) is smaller than the one before"
        case .nonPositiveDuration(let d): return "duration must be > 0, got \(Format.number(d))"
        case .nonPositiveRepeatCount(let n): return "repeatCount must be > 0 or infinite, got \(Format.number(n))"
        case .mismatchedValues(let path):
            return path == .path ? "\"path\" animates between paths of the same commands in the same order"
                : "every value of \"\(path.rawValue)\" must have the same number of \(path == .colors ? "colors" : "numbers")"
        case .notFinite(let what): return "\(what) must be a finite number"
        case .springParameter(let name, let value, let expected):
            return "the spring's \(name) must be \(expected), got \(Format.number(value))"
        case .notForSprings(let key): return "a spring animation takes no \"\(key)\" (its fraction is not eased)"
        case .settlingTooLong:
            return "the spring does not settle (|x| < \(Format.number(Spring.settledDisplacement))) within \(Format.number(Spring.maximumSettlingDuration)) s; give it more damping or a duration"
        case .groupTooDeep(let limit): return "animation groups nest at most \(limit) deep"
        case .timingFunctionsCount(let e, let g): return "expected \(e) timing functions (one per segment between values), got \(g)"
        case .timingFunctionsWithoutValues: return "\"timingFunctions\" needs \"values\""
        case .nonPositiveSpeed(let v): return "speed must be > 0, got \(Format.number(v))"
        case .negativeTimeOffset(let v): return "timeOffset must be ≥ 0, got \(Format.number(v))"
        case .wrongLayerClass(let path, let expected, let got):
            return "\"\(path.rawValue)\" is a property of \(expected), not of a \(got)"
        case .groupNeedsDuration:
            return "a group's duration defaults to the latest end of its animations; with none, or one that repeats forever, give it a duration"
        }
    }

    static func checkKeyTimes(_ keyTimes: [Double]) throws(AnimationError) {
        for (i, t) in keyTimes.enumerated() {
            guard t.isFinite else { throw .notFinite("key time \(i)") }
            guard (0...1).contains(t) else { throw .keyTimeOutOfRange(index: i, value: t) }
            if i > 0 && t < keyTimes[i - 1] { throw .keyTimesNotAscending(index: i) }
        }
        guard keyTimes.first == 0 && keyTimes.last == 1 else {
            throw .keyTimesEnds(first: keyTimes.first ?? .nan, last: keyTimes.last ?? .nan)
        }
    }
}
