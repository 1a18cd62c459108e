import Lamina

/// The velocity of a pointer or finger: its travel over the last tenth of a second of samples.
public struct VelocityTracker: Sendable {
    private var samples: [(time: Double, point: Point)] = []
    /// How far back samples count, in seconds.
    public static let window = 0.1

    public init() {}

    public mutating func reset() { samples.removeAll() }

    public mutating func add(_ point: Point, at time: Double) {
        samples.append((time, point))
        samples.removeAll { time - $0.time > Self.window }
    }

    /// Points per second; zero with fewer than two samples or no time between them.
    public var velocity: Point {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return Point((last.point.x - first.point.x) / dt, (last.point.y - first.point.y) / dt)
    }
}
