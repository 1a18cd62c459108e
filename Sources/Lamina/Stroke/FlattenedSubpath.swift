/// One subpath of a path flattened to a polyline, in the order the path runs.
///
/// A closed subpath does not repeat its first point at the end: its closing segment runs from the last
/// point back to the first. A piece of zero length (a zero-length dash, a subpath whose points all
/// coincide) keeps the direction of the path where it lies in `direction`, for the orientation of a
/// square cap.
public struct FlattenedSubpath: Hashable, Sendable {
    /// The vertices in the order the path runs.
    public var points: [Point]
    /// Whether the subpath ends with a close command (then joined at its start, with no caps).
    public var isClosed: Bool
    /// The unit tangent where a zero-length piece lies; nil when unknown (a square cap is then axis-aligned).
    public var direction: Point?

    /// A polyline through `points`, closed or open, with the tangent of a zero-length piece.
    public init(points: [Point], isClosed: Bool, direction: Point? = nil) {
        self.points = points
        self.isClosed = isClosed
        self.direction = direction
    }

    /// The arc length of the polyline, the closing segment included when closed.
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += (points[i] - points[i - 1]).length }
        if isClosed { total += (points[0] - points[points.count - 1]).length }
        return total
    }

    /// The subpath with every point mapped by `transform`.
    public func applying(_ transform: AffineTransform) -> FlattenedSubpath {
        let d = direction.map { v -> Point in
            let m = transform.applyToVector(v)
            let l = m.length
            return l > 0 && l.isFinite ? m * (1 / l) : v
        }
        return FlattenedSubpath(points: points.map(transform.apply), isClosed: isClosed, direction: d)
    }
}
