import Foundation

/// Where a live tree reads the time its presentation is sampled at, in seconds on one monotonic timeline.
/// Inject `ManualFrameClock` in tests so frames are deterministic.
public protocol FrameClock: AnyObject, Sendable {
    /// The current time in seconds.
    var now: Double { get }
}

/// The system's monotonic clock, in seconds since this clock was made.
public final class SystemFrameClock: FrameClock {
    private let start = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}

/// A clock that moves only when told: for tests and for rendering frame sequences at exact times.
public final class ManualFrameClock: FrameClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double

    public init(_ time: Double = 0) { self.time = time }

    public var now: Double {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// Sets the time.
    public func set(_ time: Double) {
        lock.lock()
        self.time = time
        lock.unlock()
    }

    /// Moves the time forward by `seconds`.
    public func advance(by seconds: Double) {
        lock.lock()
        time += seconds
        lock.unlock()
    }
}
