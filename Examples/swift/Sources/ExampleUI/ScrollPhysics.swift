import Lamina

/// The arithmetic of a scroll view that feels like iOS: resistance past the edges while dragging, where a
/// flick would come to rest, and the spring that carries the content there.
public enum ScrollPhysics {
    /// UIScrollView's normal deceleration rate: the velocity kept per millisecond.
    public static let decelerationRate = 0.998

    /// How far past an edge content dragged `overshoot` points beyond it is shown, in a viewport `dimension`
    /// long: (1 − 1 / (x·c / d + 1))·d with c = 0.55 (the rubber-band curve published by Grant Paul, 2014).
    /// Grows with the overshoot and never reaches `dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double, constant c: Double = 0.55) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * c / dimension + 1)) * dimension
    }

    /// `offset` as shown while dragging: inside `range` as it is, past either end pulled back by `rubberBand`.
    public static func dragged(_ offset: Double, in range: ClosedRange<Double>, dimension: Double) -> Double {
        if offset > range.upperBound { return range.upperBound + rubberBand(offset - range.upperBound, dimension: dimension) }
        if offset < range.lowerBound { return range.lowerBound - rubberBand(range.lowerBound - offset, dimension: dimension) }
        return offset
    }

    /// Where content released at `offset` with `velocity` points per second comes to rest when it
    /// decelerates at `decelerationRate` per millisecond: offset + (v / 1000) · r / (1 − r) (the projection
    /// of Apple's "Designing Fluid Interfaces", WWDC 2018).
    public static func restingOffset(from offset: Double, velocity: Double, rate: Double = decelerationRate) -> Double {
        offset + velocity / 1000 * rate / (1 - rate)
    }

    /// A critically damped spring (damping ratio 1: no bounce) of this stiffness, carrying a value from
    /// `from` to `to` that moves at `velocity` units per second when it starts (CASpringAnimation's
    /// initial velocity is in units of the whole distance per second).
    public static func settle(_ keyPath: AnimationKeyPath, from: AnimationValue, to: AnimationValue, distance: Double,
                              velocity: Double, stiffness: Double = 170) throws -> Animation {
        let damping = 2 * stiffness.squareRoot()
        let relative = abs(distance) > 1e-6 ? velocity / distance : 0
        return try Animation.spring(keyPath: keyPath, from: from, to: to, stiffness: stiffness, damping: damping,
                                    initialVelocity: max(-100, min(100, relative)))
    }
}
