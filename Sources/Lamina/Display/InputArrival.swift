/// When the input that a frame answers arrived: the first event received since the previous frame slot. A
/// frame loop compares it with the moment the frame is handed to the display (`PresentationStatistics`).
public struct InputArrival: Hashable, Sendable {
    /// Seconds on `MonotonicClock` (as `FrameSlot.time`) when the event was read from the display.
    public var received: Double
    /// The compositor's timestamp of the event (milliseconds; Wayland leaves the base open, compositors on
    /// libinput and wlroots' virtual devices use the monotonic clock), nil for events without one.
    public var eventTime: UInt32?
    /// Frame callbacks (display refreshes that took a frame) between the event and the slot: 0 when the
    /// display was idle and the slot opened at once, 1 when a frame was still on its way.
    public var refreshesWaited: Int

    public init(received: Double, eventTime: UInt32?, refreshesWaited: Int) {
        self.received = received
        self.eventTime = eventTime
        self.refreshesWaited = refreshesWaited
    }

    /// Seconds from the compositor's event to `time` (monotonic), when its timestamp is on the monotonic
    /// clock (within 10 s before `time`); nil otherwise.
    public func secondsSinceEvent(at time: Double) -> Double? {
        guard let eventTime else { return nil }
        let now = UInt32(truncatingIfNeeded: Int64((time * 1000).rounded(.down)))
        let elapsed = now &- eventTime
        return elapsed < 10_000 ? Double(elapsed) / 1000 : nil
    }
}
