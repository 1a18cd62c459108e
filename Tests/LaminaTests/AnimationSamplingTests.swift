import Testing
@testable import Lamina

/// Sampling at time t (SCENE_FORMAT.md "Sampling at time t"): repeat, autoreverse, fill modes, keyframes,
/// timing, and which animation wins on a shared property — with values worked out by hand.
@Suite struct AnimationSamplingTests {
    /// opacity 0 → 1 over `duration` seconds, configured further by `configure`.
    static func fade(_ duration: Double = 1, _ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Animation(keyPath: .opacity, from: .number(0), to: .number(1), duration: duration)
        configure(&a)
        return a
    }

    static func opacity(_ a: Animation, at t: Double, model: Double = 0.9) -> Double? {
        guard case .number(let n)? = a.value(at: t, model: .number(model)) else { return nil }
        return n
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) < 1e-12
    }

    @Test func linearInsideTheActiveTime() {
        let a = Self.fade(2)
        #expect(Self.close(Self.opacity(a, at: 0), 0))
        #expect(Self.close(Self.opacity(a, at: 0.5), 0.25))
        #expect(Self.close(Self.opacity(a, at: 1.999), 0.9995))
    }

    @Test(arguments: [
        (Animation.FillMode.removed, nil, nil),
        (.forwards, nil, 1.0),
        (.backwards, 0.0, nil),
        (.both, 0.0, 1.0),
    ] as [(Animation.FillMode, Double?, Double?)])
    func fillModes(_ mode: Animation.FillMode, _ before: Double?, _ after: Double?) {
        let a = Self.fade(1) { $0.beginTime = 2; $0.fillMode = mode }
        #expect(Self.close(Self.opacity(a, at: 1.5), before), "before begin")
        #expect(Self.close(Self.opacity(a, at: 2.5), 0.5), "active")
        #expect(Self.close(Self.opacity(a, at: 3), after), "at the end (the active time is half-open)")
        #expect(Self.close(Self.opacity(a, at: 50), after), "long after")
    }

    @Test func fractionalRepeatEndsPartWayThroughACycle() {
        let a = Self.fade(1) { $0.repeatCount = .count(2.5); $0.fillMode = .forwards }
        #expect(Self.close(Self.opacity(a, at: 1.25), 0.25))
        #expect(Self.close(Self.opacity(a, at: 2.4), 0.4))
        #expect(Self.close(Self.opacity(a, at: 2.5), 0.5))
        #expect(Self.close(Self.opacity(a, at: 9), 0.5))
        #expect(a.endTime == 2.5)
    }

    @Test func autoreversePlaysEachCycleForwardsThenBackwards() {
        let a = Self.fade(1) { $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(Self.close(Self.opacity(a, at: 0.25), 0.25))
        #expect(Self.close(Self.opacity(a, at: 1), 1))
        #expect(Self.close(Self.opacity(a, at: 1.25), 0.75))
        #expect(Self.close(Self.opacity(a, at: 1.75), 0.25))
        #expect(Self.close(Self.opacity(a, at: 2), 0), "ends where it began")
        #expect(a.endTime == 2)
    }

    @Test func autoreverseWithFractionalRepeats() {
        let quarter = Self.fade(1) { $0.autoreverses = true; $0.repeatCount = .count(1.25); $0.fillMode = .forwards }
        #expect(Self.close(Self.opacity(quarter, at: 2.25), 0.25))
        #expect(Self.close(Self.opacity(quarter, at: 3), 0.5), "2.5 s active: ends halfway forwards")
        let threeQuarters = Self.fade(1) { $0.autoreverses = true; $0.repeatCount = .count(1.75); $0.fillMode = .forwards }
        #expect(Self.close(Self.opacity(threeQuarters, at: 4), 0.5), "3.5 s active: ends halfway backwards")
        #expect(Self.close(Self.opacity(threeQuarters, at: 3.25), 0.75))
    }

    @Test func infiniteRepeatNeverEnds() {
        let a = Self.fade(0.5) { $0.repeatCount = .infinite }
        #expect(a.endTime == nil)
        #expect(Self.close(Self.opacity(a, at: 1000.125), 0.25))
    }

    @Test func timingFunctionEasesTheFraction() {
        let a = Self.fade(2) { $0.timingFunction = .easeIn }
        #expect(abs(Self.opacity(a, at: 2 * 0.6575)! - 0.5) < 1e-12)
        let b = Self.fade(1) { $0.timingFunction = .default }
        #expect(abs(Self.opacity(b, at: 0.3125)! - 0.5375) < 1e-12)
    }

    @Test func fromAndToDefaultToTheModelValue() {
        let toOnly = Animation(keyPath: .opacity, to: .number(0.1), duration: 1)
        #expect(Self.close(Self.opacity(toOnly, at: 0.5, model: 0.9), 0.5))
        let fromOnly = Animation(keyPath: .opacity, from: .number(0.1), duration: 1)
        #expect(Self.close(Self.opacity(fromOnly, at: 0.25, model: 0.9), 0.3))
    }

    @Test func linearKeyframesFollowTheirKeyTimes() {
        let a = Animation(keyPath: .opacity, values: [.number(0), .number(1), .number(0.5)], keyTimes: [0, 0.25, 1], duration: 1)
        #expect(Self.close(Self.opacity(a, at: 0.125), 0.5))
        #expect(Self.close(Self.opacity(a, at: 0.25), 1))
        #expect(Self.close(Self.opacity(a, at: 0.625), 0.75))
        let even = Animation(keyPath: .opacity, values: [.number(0), .number(1), .number(0)], duration: 1)
        #expect(Self.close(Self.opacity(even, at: 0.25), 0.5))
        #expect(Self.close(Self.opacity(even, at: 0.75), 0.5))
    }

    @Test func discreteKeyframesHoldUntilTheNextKeyTime() {
        var a = Animation(keyPath: .opacity, values: [.number(0.1), .number(0.6), .number(0.3)], calculationMode: .discrete, duration: 1)
        a.fillMode = .forwards
        #expect(Self.opacity(a, at: 0.49) == 0.1)
        #expect(Self.opacity(a, at: 0.5) == 0.6)
        #expect(Self.opacity(a, at: 0.99) == 0.6)
        #expect(Self.opacity(a, at: 1) == 0.3, "the end value is the last keyframe")
        a.keyTimes = [0, 0.2, 1]
        #expect(Self.opacity(a, at: 0.19) == 0.1)
        #expect(Self.opacity(a, at: 0.2) == 0.6)
    }

    @Test func validateRefusesWhatTheDecoderRefuses() {
        func error(_ a: Animation) -> AnimationError? {
            do { try a.validate(); return nil } catch { return error }
        }
        #expect(error(Self.fade()) == nil)
        #expect(error(Animation(keyPath: .opacity, to: .point(Point(1, 1)))) == .wrongValueKind(keyPath: .opacity, expected: .number, got: .point))
        #expect(error(Self.fade { $0.values = [.number(0), .number(1)] }) == .valuesWithFromTo)
        #expect(error(Animation(keyPath: .opacity, values: [.number(0)])) == .tooFewValues(1))
        #expect(error(Animation(keyPath: .opacity, values: [.number(0), .number(1)], keyTimes: [0, 0.5, 1])) == .keyTimesCount(expected: 2, got: 3))
        #expect(error(Animation(keyPath: .opacity, values: [.number(0), .number(1), .number(0)], keyTimes: [0, 0.6, 0.5])) == .keyTimesNotAscending(index: 2))
        #expect(error(Animation(keyPath: .opacity, values: [.number(0), .number(1)], keyTimes: [0.1, 1])) == .keyTimesEnds(first: 0.1, last: 1))
        #expect(error(Animation(keyPath: .opacity, values: [.number(0), .number(1)], keyTimes: [0, 1.5])) == .keyTimeOutOfRange(index: 1, value: 1.5))
        #expect(error(Self.fade(0)) == .nonPositiveDuration(0))
        #expect(error(Self.fade { $0.repeatCount = .count(-1) }) == .nonPositiveRepeatCount(-1))
        #expect(error(Self.fade(.nan)) == .notFinite("duration"))
        #expect(error(Animation(keyPath: .opacity, to: .number(.infinity))) == .notFinite("a value"))
        #expect(AnimationError.valuesWithFromTo.description == #""values" cannot be combined with "from" or "to""#)
    }
}
