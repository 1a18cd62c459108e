import Foundation
import Testing
@testable import Lamina

/// `Animation.spring` (SCENE_FORMAT.md "More animations (v1.3)"): the fraction 1 − x(τ) against the
/// oscillator's solution written independently (amplitude–phase form, the quadratic's roots), the
/// settling duration against a brute-force scan, and the clamping of an overshoot.
@Suite struct SpringAnimationTests {
    /// x(t) for m·x″ + c·x′ + k·x = 0, x(0) = 1, x′(0) = −v0, written apart from `Spring`.
    static func reference(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, _ t: Double) -> Double {
        let disc = c * c - 4 * m * k
        if disc < 0 {
            let alpha = c / (2 * m), wd = (-disc).squareRoot() / (2 * m)
            let q = (alpha - v0) / wd
            return exp(-alpha * t) * (1 + q * q).squareRoot() * cos(wd * t - atan2(q, 1))
        }
        if disc == 0 {
            let r = -c / (2 * m)
            return exp(r * t) * (1 + (-r - v0) * t)
        }
        let r1 = (-c + disc.squareRoot()) / (2 * m), r2 = (-c - disc.squareRoot()) / (2 * m)
        let b = (r1 + v0) / (r1 - r2)
        return (1 - b) * exp(r1 * t) + b * exp(r2 * t)
    }

    /// Under-, critically and over-damped springs, with and without an initial velocity.
    static let regimes: [(Double, Double, Double, Double)] = [
        (1, 100, 10, 0), (2, 50, 3, 5), (1, 100, 20, 0), (1, 100, 20, 10), (4, 25, 20, -3), (1, 100, 50, 0), (0.5, 300, 80, 12),
    ]

    @Test(arguments: regimes)
    func fractionIsOneMinusTheAnalyticDisplacement(_ p: (Double, Double, Double, Double)) throws {
        let (m, k, c, v0) = p
        let a = try Animation.spring(keyPath: .positionX, from: .number(0), to: .number(1), mass: m, stiffness: k,
                                     damping: c, initialVelocity: v0, duration: 5)
        for t in [0.0, 0.01, 0.1, 0.25, 0.5, 1, 2.5, 4.999] {
            let f = try #require(a.fraction(at: t))
            #expect(abs(f - (1 - Self.reference(m, k, c, v0, t))) <= 1e-9, "m \(m) k \(k) c \(c) v0 \(v0) at \(t)")
            guard case .number(let x) = a.value(at: t, model: .number(0)) else { Issue.record("no number"); continue }
            #expect(abs(x - f) <= 1e-12)
        }
        #expect(a.fraction(at: 5) == nil, "removed after the end")
    }

    @Test func theRegimesAreTheOnesClaimed() {
        let ratios = Self.regimes.map { Spring(mass: $0.0, stiffness: $0.1, damping: $0.2).dampingRatio }
        #expect(ratios.filter { $0 < 1 }.count == 2 && ratios.filter { $0 == 1 }.count == 3 && ratios.filter { $0 > 1 }.count == 2)
    }

    /// The regimes and springs a hair either side of critical damping (where the plain envelope is loose).
    static let settling = regimes + [(1, 1, 2 * (1 - 1e-9), 0), (1, 1, 2 * (1 + 1e-9), 0), (1, 4, 3.999999, 7), (2, 3, 4.9, -1)]

    @Test(arguments: settling)
    func settlingDurationMatchesABruteForceScan(_ p: (Double, Double, Double, Double)) throws {
        let (m, k, c, v0) = p
        var last = 0
        for n in 0...60_000 where abs(Self.reference(m, k, c, v0, Double(n) / 1000)) >= 0.001 { last = n }
        let settling = try #require(Spring(mass: m, stiffness: k, damping: c, initialVelocity: v0).settlingDuration)
        #expect(settling == Double(last + 1) / 1000, "m \(m) k \(k) c \(c) v0 \(v0)")
        let a = try Animation.spring(keyPath: .opacity, mass: m, stiffness: k, damping: c, initialVelocity: v0)
        #expect(a.duration == settling, "the duration defaults to the settling duration")
    }

    @Test func aSpringEndsOnItsToValueAndOvershootsBetween() throws {
        var a = try Animation.spring(keyPath: .positionX, from: .number(0), to: .number(100), damping: 2)
        a.fillMode = .forwards
        #expect(a.value(at: a.duration + 1, model: .number(7)) == .number(100))
        let peak = (0..<1000).compactMap { a.fraction(at: Double($0) / 1000) }.max() ?? 0
        #expect(peak > 1.5, "a lightly damped spring overshoots: \(peak)")
    }

    @Test func overshootIsClampedToTheKeyPathsRange() throws {
        // ζ = 0.1: x(π/ω_d) = −e^(−0.1·π/0.995) ≈ −0.73, so the fraction reaches 1.73.
        let spring = Spring(mass: 1, stiffness: 100, damping: 2)
        let t = Double.pi / (10 * (1 - 0.01).squareRoot())
        var layer = Layer()
        layer.opacity = 0.2
        layer.cornerRadius = 5
        layer.animations = [
            try Animation.spring(keyPath: .opacity, from: .number(0), to: .number(0.8), damping: 2, duration: 2),
            try Animation.spring(keyPath: .cornerRadius, from: .number(10), to: .number(2), damping: 2, duration: 2),
            try Animation.spring(keyPath: .positionX, from: .number(0), to: .number(10), damping: 2, duration: 2),
        ]
        let p = layer.presentation(at: t)
        let f = 1 - spring.displacement(at: t)
        #expect(f > 1.7)
        #expect(p.opacity == 1, "0.8 × 1.73 clamped to 1")
        #expect(p.cornerRadius == 0, "10 − 8 × 1.73 clamped to 0")
        #expect(abs(p.position.x - 10 * f) < 1e-9, "position extrapolates unclamped")
    }

    @Test func badParametersAreRefused() {
        func error(_ m: Double, _ k: Double, _ c: Double, _ v0: Double = 0, duration: Double? = nil) -> AnimationError? {
            do {
                _ = try Animation.spring(keyPath: .opacity, mass: m, stiffness: k, damping: c, initialVelocity: v0, duration: duration)
                return nil
            } catch { return error }
        }
        #expect(error(0, 100, 10) == .springParameter(name: "mass", value: 0, expected: "> 0"))
        #expect(error(1, -1, 10) == .springParameter(name: "stiffness", value: -1, expected: "> 0"))
        #expect(error(1, 100, -0.5) == .springParameter(name: "damping", value: -0.5, expected: "≥ 0"))
        #expect(error(.nan, 100, 10) == .notFinite("mass"))
        #expect(error(1, .infinity, 10) == .notFinite("stiffness"))
        #expect(error(1, 100, 10, .nan) == .notFinite("initialVelocity"))
        #expect(error(1, 100, 0) == .settlingTooLong, "undamped: never settles")
        #expect(error(1, 100, 0, duration: 3) == nil, "undamped with a duration is fine")
        #expect(error(1e6, 1, 0.001) == .settlingTooLong)
        #expect(error(1e-300, 1e300, 10) == .notFinite("the spring's damping ratio c / (2√(mk)) and frequency √(k/m)"))
        var eased = try? Animation.spring(keyPath: .opacity)
        eased?.timingFunction = .easeIn
        #expect(throws: AnimationError.notForSprings("timingFunction")) { try eased?.validate() }
    }

    @Test func settlingNearTheLimitIsBoundedAndExact() throws {
        // ζ small: the envelope e^(−ζω₀t)·√(1 + q²) reaches 0.001 just before 3600 s.
        let c = 2 * log(1000.0) / 3590
        let s = try #require(Spring(mass: 1, stiffness: 1, damping: c).settlingDuration)
        #expect(s <= Spring.maximumSettlingDuration && s > 3500)
        #expect(Spring(mass: 1, stiffness: 1, damping: c * 0.99).settlingDuration == nil)
    }
}
