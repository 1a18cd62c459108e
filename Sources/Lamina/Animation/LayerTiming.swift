/// A layer's `CAMediaTiming`: how its local time follows its superlayer's. Its animations and its
/// sublayers' run on the local time t_local = (t_parent − beginTime) × speed + timeOffset, so a layer
/// of speed 0 pauses its whole subtree at `timeOffset` (Core Animation's way to pause a layer), and
/// speed 2 plays it twice as fast. Swift only: scene files keep one absolute scene clock.
public struct LayerTiming: Hashable, Sendable {
    /// Seconds on the superlayer's time when the layer's time starts.
    public var beginTime: Double
    /// How fast local time runs (finite; 0 pauses; negative runs backwards, as on iOS).
    public var speed: Double
    /// Seconds added to local time.
    public var timeOffset: Double

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime.isFinite ? beginTime : 0
        self.speed = speed.isFinite ? speed : 1
        self.timeOffset = timeOffset.isFinite ? timeOffset : 0
    }

    /// Whether local time equals the superlayer's.
    public var isIdentity: Bool { beginTime == 0 && speed == 1 && timeOffset == 0 }

    /// The local time at the superlayer's time `t`.
    public func localTime(_ t: Double) -> Double {
        isIdentity ? t : (t - beginTime) * speed + timeOffset
    }

    /// The superlayer's time at local time `t`; nil while paused (speed 0: local time never moves).
    public func parentTime(_ t: Double) -> Double? {
        if isIdentity { return t }
        guard speed != 0 else { return nil }
        return beginTime + (t - timeOffset) / speed
    }
}
