/// A dash pattern: alternating on and off lengths laid along a path from its start, shifted by a phase.
///
/// An odd number of lengths is repeated once to make it even (SVG). The pattern runs along the whole path,
/// continuing from one subpath into the next (Core Graphics; SVG 2 and Skia restart it per subpath).
public struct DashPattern: Hashable, Sendable {
    /// On, off, on, … lengths; always an even count, each finite and ≥ 0, their sum > 0.
    public let lengths: [Double]
    /// How far into the pattern the path starts (any finite number; taken modulo the pattern's period).
    public let phase: Double

    /// Validates `lengths` (not empty, each finite and ≥ 0, not all 0) and `phase` (finite).
    public init(lengths: [Double], phase: Double = 0) throws(StrokeError) {
        guard !lengths.isEmpty else { throw .emptyDashPattern }
        for (i, v) in lengths.enumerated() where !(v.isFinite && v >= 0) {
            throw .invalidDashLength(index: i, value: v)
        }
        guard phase.isFinite else { throw .invalidDashPhase(phase) }
        let even = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = even.reduce(0, +)
        guard period > 0 else { throw .zeroDashPattern }
        guard period.isFinite else { throw .invalidDashLength(index: 0, value: period) }
        self.lengths = even
        self.phase = phase
    }

    /// The sum of the lengths.
    public var period: Double { lengths.reduce(0, +) }

    /// The on intervals [start, end] (distances along a path of length `length`), clipped to [0, length],
    /// in order; an on length of 0 gives an interval of zero length, and so does a path of length 0 whose
    /// start lies in a dash (so its zero-length subpaths are drawn as dots). Throws `StrokeError.tooManyDashes`
    /// before laying out more than `limit` intervals.
    public func onIntervals(length: Double, limit: Int = StrokeLimits.maxDashes) throws(StrokeError) -> [(Double, Double)] {
        guard length > 0 || length == 0 else { return [] }
        let period = self.period
        let onPerPeriod = Double(lengths.count / 2)
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        let estimated = ((length + offset) / period + 1) * onPerPeriod
        guard estimated.isFinite, estimated <= Double(limit) else {
            throw .tooManyDashes(estimated: estimated, limit: limit)
        }
        var out: [(Double, Double)] = []
        out.reserveCapacity(Int(saturating: estimated) + 1)
        var position = -offset
        var i = 0
        var steps = 0
        let maxSteps = Int(saturating: estimated) * 2 + lengths.count + 4
        while position <= length && steps < maxSteps {
            let next = position + lengths[i]
            if i % 2 == 0 {
                let a = max(0, position), b = min(length, next)
                if b > a || (lengths[i] == 0 && position >= 0) || (length == 0 && position <= 0 && next > 0) {
                    out.append((a, b))
                }
            }
            position = next
            i = (i + 1) % lengths.count
            steps += 1
        }
        return out
    }
}
