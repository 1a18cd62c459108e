/// The damage of the last frames, newest first, for presenters that draw into one of several buffers
/// (a buffer last drawn `age` frames ago needs the damage of those frames redrawn: EGL_EXT_buffer_age,
/// wlroots' damage ring).
public struct DamageHistory: Sendable {
    /// How many frames are remembered.
    public let capacity: Int
    /// Newest first.
    public private(set) var frames: [DamageRegion] = []

    public init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    /// Records the damage of a new frame.
    public mutating func append(_ damage: DamageRegion) {
        frames.insert(damage, at: 0)
        if frames.count > capacity { frames.removeLast() }
    }

    /// Forgets every frame (the next request for an age then asks for a full redraw).
    public mutating func removeAll() { frames.removeAll() }

    /// What a buffer whose contents are `age` frames old must redraw to show the newest frame: the union of
    /// the damage of the newest `age` frames. Nil when that is unknown (age 0 = undefined contents, or
    /// older than the history): redraw everything.
    public func damage(forBufferAge age: Int) -> DamageRegion? {
        guard age >= 1, age <= frames.count else { return nil }
        return frames.prefix(age).dropFirst().reduce(frames[0]) { $0.union($1) }
    }
}
