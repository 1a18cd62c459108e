/// What a frame loop presented and how steadily: counts, intervals between presentations, damage.
public struct PresentationStatistics: Sendable {
    /// Frames the display reported as shown.
    public private(set) var presented = 0
    /// Frames the display dropped, plus refresh cycles skipped between two shown frames while the
    /// source was animating (a 33 ms gap at 60 Hz is one missed frame).
    public private(set) var missed = 0
    /// Frames handed to the presenter.
    public private(set) var submitted = 0
    /// Frames the display reported as dropped.
    public private(set) var discardedCount = 0
    /// Seconds between consecutive shown frames.
    public private(set) var intervals: [Double] = []
    /// Damaged share of the canvas of every submitted frame.
    public private(set) var damagedFractions: [Double] = []
    /// The display's refresh interval in seconds, as last reported (0 when unknown).
    public private(set) var refresh = 0.0
    private var lastShown: Double?
    /// For each submitted frame that answered input: seconds from reading its first event to handing the
    /// frame to the display.
    public private(set) var inputToCommit: [Double] = []
    /// The same from the compositor's timestamp of that event, where it is on the monotonic clock.
    public private(set) var eventToCommit: [Double] = []
    /// For each such frame, the display refreshes it waited for after the event (`InputArrival.refreshesWaited`):
    /// 0 or 1 means it went out with the first frame the display took after the event.
    public private(set) var refreshesWaited: [Int] = []

    public init() {}

    /// Counts a frame handed to the presenter.
    public mutating func recordSubmitted(damagedFraction: Double) {
        submitted += 1
        damagedFractions.append(damagedFraction)
    }

    /// Records a submitted frame that answered input that arrived as `input` says, handed over at `committedAt`.
    public mutating func recordInput(_ input: InputArrival, committedAt: Double) {
        inputToCommit.append(max(0, committedAt - input.received))
        if let e = input.secondsSinceEvent(at: committedAt) { eventToCommit.append(e) }
        refreshesWaited.append(input.refreshesWaited)
    }

    /// Counts a presentation; `animating` says whether a new frame was due on every refresh.
    public mutating func record(_ p: Presentation, animating: Bool) {
        guard let shown = p.shownAt else {
            missed += 1
            discardedCount += 1
            return
        }
        presented += 1
        if p.refresh > 0 { refresh = p.refresh }
        if let last = lastShown {
            let interval = shown - last
            intervals.append(interval)
            if animating, p.refresh > 0 {
                missed += max(0, Int((interval / p.refresh).rounded()) - 1)
            }
        }
        lastShown = shown
    }

    /// The median interval between presentations in seconds (0 with fewer than two presentations).
    public var medianInterval: Double { Self.percentile(intervals, 0.5) }
    /// The 95th-percentile interval in seconds.
    public var p95Interval: Double { Self.percentile(intervals, 0.95) }
    /// The median damaged share of the canvas.
    public var medianDamagedFraction: Double { Self.percentile(damagedFractions, 0.5) }

    /// The value at `q` (0…1) of the sorted values, nearest rank; 0 for no values.
    public static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }
}
