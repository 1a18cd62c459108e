import Lamina

/// A command's `Clip` prepared for one target: the scissor intersected with the target, and the
/// coverage of each clip shape.
struct ClipCoverage {
    /// Pixels that may be drawn at all (scissor ∩ target), inclusive-exclusive.
    let x0: Int, y0: Int, x1: Int, y1: Int
    let shapes: [ShapeCoverage]
    /// True when a clip shape cannot cover anything (singular transform, empty shape).
    let isEmpty: Bool

    init(_ clip: Clip, targetWidth: Int, targetHeight: Int) {
        var bx0 = 0, by0 = 0, bx1 = targetWidth, by1 = targetHeight
        if let s = clip.scissor {
            bx0 = max(bx0, s.x); by0 = max(by0, s.y)
            bx1 = min(bx1, s.x + s.width); by1 = min(by1, s.y + s.height)
        }
        var shapes: [ShapeCoverage] = []
        var empty = bx1 <= bx0 || by1 <= by0
        for s in clip.shapes {
            guard let c = ShapeCoverage(shape: s.shape, transform: s.transform) else { empty = true; continue }
            bx0 = max(bx0, c.bounds.x0); by0 = max(by0, c.bounds.y0)
            bx1 = min(bx1, c.bounds.x1); by1 = min(by1, c.bounds.y1)
            shapes.append(c)
        }
        x0 = bx0; y0 = by0; x1 = bx1; y1 = by1
        self.shapes = shapes
        isEmpty = empty || x1 <= x0 || y1 <= y0
    }

    /// A box (inclusive-exclusive) intersected with the pixels that may be drawn.
    func limit(_ b: (x0: Int, y0: Int, x1: Int, y1: Int)) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        (max(b.x0, x0), max(b.y0, y0), min(b.x1, x1), min(b.y1, y1))
    }

    /// Rows that may be drawn, intersected with `rows`.
    func rows(_ rows: Range<Int>) -> Range<Int> {
        let lo = max(rows.lowerBound, y0), hi = min(rows.upperBound, y1)
        return lo < hi ? lo..<hi : lo..<lo
    }

    /// Pixels of row `y` that may be drawn (`outer`) and where the clip coverage is exactly 1 (`inner`).
    @inline(__always) func spans(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
        var outer = x0..<x1, inner = x0..<x1
        for s in shapes {
            let sp = s.spans(row: y)
            outer = outer.clamped(to: sp.outer)
            inner = inner.clamped(to: sp.inner)
        }
        return (outer, inner.clamped(to: outer))
    }

    /// Product of the shapes' coverages at pixel (x, y); the caller has checked the scissor.
    @inline(__always) func coverage(x: Int, y: Int) -> Float {
        var c: Float = 1
        for s in shapes {
            c *= s.coverage(x: x, y: y)
            if c == 0 { return 0 }
        }
        return c
    }
}

extension Range where Bound == Int {
    /// Intersection that stays a valid (possibly empty) range.
    @inline(__always) func intersect(_ other: Range<Int>) -> Range<Int> {
        let lo = Swift.max(lowerBound, other.lowerBound), hi = Swift.min(upperBound, other.upperBound)
        return lo < hi ? lo..<hi : lo..<lo
    }
}
