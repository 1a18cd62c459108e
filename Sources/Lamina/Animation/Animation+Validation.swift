/// The rules of SCENE_FORMAT.md that a Swift caller can break (the decoder checks them with JSON paths).
extension Animation {
    /// How deep groups may nest: a group inside this many groups' worth of nesting is refused.
    public static let maximumGroupDepth = 8

    /// Checks value kinds, keyframes, key times, timing functions, duration, repeat count, speed,
    /// time offset, finite numbers, spring parameters and group nesting.
    public func validate() throws(AnimationError) {
        try validate(groupDepth: 0)
    }

    private func validate(groupDepth: Int) throws(AnimationError) {
        switch kind {
        case .property:
            try validateValues()
        case .spring(let spring):
            try spring.validate()
            guard values == nil else { throw .notForSprings("values") }
            guard timingFunction == .linear else { throw .notForSprings("timingFunction") }
            guard timingFunctions == nil else { throw .notForSprings("timingFunctions") }
            try validateValues()
        case .group(let children):
            guard groupDepth < Animation.maximumGroupDepth else { throw .groupTooDeep(limit: Animation.maximumGroupDepth) }
            for child in children { try child.validate(groupDepth: groupDepth + 1) }
        }
        guard beginTime.isFinite else { throw .notFinite("beginTime") }
        guard duration.isFinite else { throw .notFinite("duration") }
        guard duration > 0 else { throw .nonPositiveDuration(duration) }
        guard speed.isFinite else { throw .notFinite("speed") }
        guard speed > 0 else { throw .nonPositiveSpeed(speed) }
        guard timeOffset.isFinite else { throw .notFinite("timeOffset") }
        guard timeOffset >= 0 else { throw .negativeTimeOffset(timeOffset) }
        if case .count(let n) = repeatCount {
            guard n.isFinite else { throw .notFinite("repeatCount") }
            guard n > 0 else { throw .nonPositiveRepeatCount(n) }
            guard endTime != nil else { throw .notFinite("beginTime + duration × repeatCount / speed") }
        }
    }

    private func validateValues() throws(AnimationError) {
        let kind = keyPath.valueKind
        let given = [from, to].compactMap { $0 } + (values ?? [])
        for v in given {
            guard v.kind == kind else { throw .wrongValueKind(keyPath: keyPath, expected: kind, got: v.kind) }
            guard v.isFinite else { throw .notFinite("a value") }
        }
        if let first = given.first, !given.allSatisfy({ $0.matchesShape(of: first) }) { throw .mismatchedValues(keyPath: keyPath) }
        if let values {
            guard from == nil && to == nil else { throw .valuesWithFromTo }
            guard values.count >= 2 else { throw .tooFewValues(values.count) }
        }
        if let keyTimes {
            guard let values else { throw .keyTimesWithoutValues }
            guard keyTimes.count == values.count else { throw .keyTimesCount(expected: values.count, got: keyTimes.count) }
            try AnimationError.checkKeyTimes(keyTimes)
        }
        if let timingFunctions {
            guard let values else { throw .timingFunctionsWithoutValues }
            guard timingFunctions.count == values.count - 1 else {
                throw .timingFunctionsCount(expected: values.count - 1, got: timingFunctions.count)
            }
        }
    }
}
