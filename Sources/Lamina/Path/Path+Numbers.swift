extension Path {
    /// The path's numbers in order: a rect's (or ellipse's) x, y, width, height; a rounded rect's and its
    /// radius; every point of an SVG path's segments. Paths animate by interpolating these.
    public var numbers: [Double] {
        switch self {
        case .rect(let r), .ellipse(let r): return [r.minX, r.minY, r.width, r.height]
        case .roundedRect(let r, let radius): return [r.minX, r.minY, r.width, r.height, radius]
        case .svg(let p, _):
            var out: [Double] = []
            out.reserveCapacity(p.segments.count * 6)
            for s in p.segments {
                switch s {
                case .move(let a), .line(let a): out += [a.x, a.y]
                case .quad(let a, let b): out += [a.x, a.y, b.x, b.y]
                case .cubic(let a, let b, let c): out += [a.x, a.y, b.x, b.y, c.x, c.y]
                case .close: break
                }
            }
            return out
        }
    }

    /// Whether two paths have the same commands in the same order (so that they interpolate).
    public func hasSameCommands(as other: Path) -> Bool {
        switch (self, other) {
        case (.rect, .rect), (.ellipse, .ellipse), (.roundedRect, .roundedRect): return true
        case (.svg(let p, _), .svg(let q, _)):
            guard p.segments.count == q.segments.count else { return false }
            return zip(p.segments, q.segments).allSatisfy { Path.sameKind($0, $1) }
        default: return false
        }
    }

    private static func sameKind(_ a: SVGPath.Segment, _ b: SVGPath.Segment) -> Bool {
        switch (a, b) {
        case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): return true
        default: return false
        }
    }

    /// This path with its numbers replaced by `n` (in `numbers`' order; widths, heights and radii kept ≥ 0).
    public func withNumbers(_ n: [Double]) -> Path {
        guard n.count == numbers.count else { return self }
        switch self {
        case .rect: return .rect(Rect(n[0], n[1], max(n[2], 0), max(n[3], 0)))
        case .ellipse: return .ellipse(Rect(n[0], n[1], max(n[2], 0), max(n[3], 0)))
        case .roundedRect: return .roundedRect(Rect(n[0], n[1], max(n[2], 0), max(n[3], 0)), radius: max(n[4], 0))
        case .svg(let p, let rule):
            var i = 0
            func next() -> Point { defer { i += 2 }; return Point(n[i], n[i + 1]) }
            let segments: [SVGPath.Segment] = p.segments.map { s in
                switch s {
                case .move: return .move(next())
                case .line: return .line(next())
                case .quad: let a = next(); return .quad(a, next())
                case .cubic: let a = next(), b = next(); return .cubic(a, b, next())
                case .close: return .close
                }
            }
            return .svg(SVGPath(segments: segments), fillRule: rule)
        }
    }
}
