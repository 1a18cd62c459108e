import Foundation

/// A damped spring, as `CASpringAnimation` models one (SCENE_FORMAT.md "More animations (v1.3)"): the
/// displacement x(τ) solves m·x″ + c·x′ + k·x = 0 with x(0) = 1 and x′(0) = −initialVelocity, and a spring
/// animation's fraction at local time τ is 1 − x(τ).
public struct Spring: Hashable, Sendable {
    /// m > 0.
    public var mass: Double
    /// k > 0.
    public var stiffness: Double
    /// c ≥ 0.
    public var damping: Double
    /// In whole changes per second (x′(0) = −initialVelocity), as on iOS.
    public var initialVelocity: Double

    /// The displacement below which a spring counts as settled.
    public static let settledDisplacement = 0.001
    /// The settling duration is a whole number of 1/`settlingStepsPerSecond` seconds.
    public static let settlingStepsPerSecond = 1000.0
    /// The longest settling duration Lamina computes: a spring that settles later is refused.
    public static let maximumSettlingDuration = 3600.0

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The damping ratio ζ = c / (2√(mk)).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The undamped angular frequency ω₀ = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Refuses parameters outside the contract (m, k > 0, c ≥ 0, all finite) and ones whose ζ or ω₀ is not finite.
    public func validate() throws(AnimationError) {
        for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)] {
            guard value.isFinite else { throw .notFinite(name) }
        }
        guard mass > 0 else { throw .springParameter(name: "mass", value: mass, expected: "> 0") }
        guard stiffness > 0 else { throw .springParameter(name: "stiffness", value: stiffness, expected: "> 0") }
        guard damping >= 0 else { throw .springParameter(name: "damping", value: damping, expected: "≥ 0") }
        guard dampingRatio.isFinite, naturalFrequency.isFinite, naturalFrequency > 0 else {
            throw .notFinite("the spring's damping ratio c / (2√(mk)) and frequency √(k/m)")
        }
    }

    /// x(τ) in closed form for the three regimes of ζ (the solutions of the damped harmonic oscillator as
    /// WebKit's `SpringSolver` and Android's `SpringForce` write them): with α = ζω₀,
    /// ζ < 1: e^(−ατ)(cos ω_d τ + (α − v₀)/ω_d · sin ω_d τ), ω_d = ω₀√(1 − ζ²);
    /// ζ = 1: e^(−ω₀τ)(1 + (ω₀ − v₀)τ);
    /// ζ > 1: A e^(r₁τ) + (1 − A) e^(r₂τ), r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)), A = (−v₀ − r₂)/(r₁ − r₂).
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let alpha = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-alpha * t) * (cos(wd * t) + (alpha - v0) / wd * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let (r1, r2, a) = overdampedRoots
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    /// The slower root r₁ (written −ω₀ / (ζ + √(ζ² − 1)) to avoid cancellation), the faster r₂, and A.
    private var overdampedRoots: (Double, Double, Double) {
        let w0 = naturalFrequency, zeta = dampingRatio
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 / (zeta + root), r2 = -w0 * (zeta + root)
        return (r1, r2, (-initialVelocity - r2) / (r1 - r2))
    }

    /// A time after which |x| stays below `settledDisplacement`: where a decreasing bound on |x| falls below
    /// it; infinity when the spring never settles (c = 0). With α = ζω₀ the bounds are
    /// ζ < 1: e^(−ατ)·√(1 + q²), q = (α − v₀)/ω_d, and e^(−ατ)(1 + |α − v₀|τ) (|sin ω_d τ| ≤ ω_d τ);
    /// ζ = 1: e^(−ω₀τ)(1 + |ω₀ − v₀|τ); ζ > 1: (|A| + |1 − A|)e^(r₁τ), and e^(r₁τ)(1 + |α − v₀|τ)
    /// (cosh γτ ≤ e^(γτ), sinh γτ ≤ γτ·e^(γτ), γ = α + r₁); the smaller of a regime's bounds counts.
    var settlingBound: Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity, eps = Spring.settledDisplacement
        if zeta == 0 { return .infinity }
        let alpha = zeta * w0
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let q = (alpha - v0) / wd
            let envelope = max(0, log((1 + q * q).squareRoot() / eps) / alpha)
            return min(envelope, Spring.linearTimesExponentialBound(rate: alpha, slope: abs(alpha - v0)))
        }
        if zeta > 1 {
            let (r1, _, a) = overdampedRoots
            let envelope = max(0, log((abs(a) + abs(1 - a)) / eps) / -r1)
            return min(envelope, Spring.linearTimesExponentialBound(rate: -r1, slope: abs(alpha - v0)))
        }
        return Spring.linearTimesExponentialBound(rate: w0, slope: abs(w0 - v0))
    }

    /// The time from which e^(−rate·τ)(1 + slope·τ), decreasing from max(0, 1/rate − 1/slope) on, stays below
    /// `settledDisplacement` (found by doubling, then bisection); infinity past twice the settling limit.
    static func linearTimesExponentialBound(rate: Double, slope: Double) -> Double {
        let eps = Spring.settledDisplacement
        guard rate > 0, rate.isFinite, slope.isFinite else { return .infinity }
        let bound = { (t: Double) in exp(-rate * t) * (1 + slope * t) }
        let start = slope > 0 ? max(0, 1 / rate - 1 / slope) : 0
        var high = max(start, 1 / rate)
        while bound(high) >= eps {
            if high > 2 * Spring.maximumSettlingDuration { return .infinity }
            high *= 2
        }
        var low = start
        for _ in 0..<200 where high - low > 1e-9 {
            let mid = (low + high) / 2
            if bound(mid) >= eps { low = mid } else { high = mid }
        }
        return high
    }

    /// The settling duration: the first multiple of 1/1000 s from which |x|, sampled every 1/1000 s, stays
    /// below `settledDisplacement`. Nil for invalid parameters and when a decreasing bound on |x| (the
    /// oscillation's envelope) does not fall below `settledDisplacement` within `maximumSettlingDuration`,
    /// c = 0 included; so a duration is at most that limit and takes at most 3 600 001 evaluations of x.
    public var settlingDuration: Double? {
        guard (try? validate()) != nil else { return nil }
        let bound = settlingBound
        guard bound.isFinite, bound <= Spring.maximumSettlingDuration else { return nil }
        let steps = Spring.settlingStepsPerSecond
        var n = Int((bound * steps).rounded(.up)) + 1
        while n > 0 && abs(displacement(at: Double(n) / steps)) < Spring.settledDisplacement {
            n -= 1
        }
        return Double(n + 1) / steps
    }
}
