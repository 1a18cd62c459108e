extension Path {
    /// The path flattened after `transform` into polylines within `tolerance` (in the transformed space)
    /// of the true curves, one per subpath, in the order the path runs (see `outline`), each marked
    /// closed when it ends with a close command. A subpath of a single point (a lone move) is dropped;
    /// one whose points coincide (`M 5 5 L 5 5`) is kept, and so is a move then close (`M 5 5 Z`), as a
    /// closed subpath of zero length: Core Graphics and Skia draw both as a dot with round caps and a
    /// square with square caps. Throws `StrokeError.tooManyPoints` past `limit` points in all.
    public func subpaths(transform: AffineTransform = .identity, tolerance: Double = PathRasterizer.tolerance,
                         limit: Int = StrokeLimits.maxPoints) throws(StrokeError) -> [FlattenedSubpath] {
        var out: [FlattenedSubpath] = []
        var current: [Point] = []
        var start = Point.zero
        var total = 0
        func finish(closed: Bool) {
            defer { current = [] }
            guard current.count > 1 else { return }
            if closed, current.count > 2, current[current.count - 1] == current[0] { current.removeLast() }
            out.append(FlattenedSubpath(points: current, isClosed: closed))
        }
        for segment in outline {
            if total + current.count > limit { throw .tooManyPoints(limit: limit) }
            switch segment {
            case .move(let p):
                total += current.count
                finish(closed: false)
                start = transform.apply(p)
                current = [start]
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(transform.apply(p))
            case .quad(let c, let p):
                if current.isEmpty { current = [start] }
                CurveFlattener.quad(current[current.count - 1], transform.apply(c), transform.apply(p),
                                    tolerance: tolerance, into: &current)
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [start] }
                CurveFlattener.cubic(current[current.count - 1], transform.apply(c1), transform.apply(c2),
                                     transform.apply(p), tolerance: tolerance, into: &current)
            case .close:
                if current.count == 1 { current.append(current[0]) }
                total += current.count
                finish(closed: true)
            }
        }
        if total + current.count > limit { throw .tooManyPoints(limit: limit) }
        finish(closed: false)
        return out
    }
}
