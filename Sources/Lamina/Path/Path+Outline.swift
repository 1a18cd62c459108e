extension Path {
    /// Control-polygon constant for a quarter circle as one cubic: 4/3·(√2 − 1).
    static let quarterCircleKappa = 0.5522847498307936

    /// The outline as absolute segments in the path's own space: rectangles as lines, ellipses and
    /// rounded corners (circular, radius clamped to half the short side) as cubic quarter arcs. Every
    /// shape runs clockwise on the y-down screen: `rect` from (minX, minY), `ellipse` from (maxX, midY),
    /// `roundedRect` from (minX + r, minY); SVG paths as written.
    public var outline: [SVGPath.Segment] {
        switch self {
        case .rect(let r):
            return [.move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
                    .line(Point(r.minX, r.maxY)), .close]
        case .ellipse(let r):
            return Path.ellipseOutline(r)
        case .roundedRect(let r, let radius):
            let c = max(0, min(radius, min(r.width, r.height) / 2))
            return Path.roundedOutline(r, rx: c, ry: c)
        case .svg(let p, _):
            return p.segments
        }
    }

    /// An ellipse as four cubic quarter arcs starting at (maxX, midY), clockwise on the y-down screen
    /// (Core Graphics' `CGPath(ellipseIn:)` order); a rectangle when a side is not positive.
    private static func ellipseOutline(_ r: Rect) -> [SVGPath.Segment] {
        let rx = r.width / 2, ry = r.height / 2
        if rx <= 0 || ry <= 0 { return Path.rect(r).outline }
        let kx = rx * quarterCircleKappa, ky = ry * quarterCircleKappa
        let cx = r.midX, cy = r.midY
        return [
            .move(Point(cx + rx, cy)),
            .cubic(Point(cx + rx, cy + ky), Point(cx + kx, cy + ry), Point(cx, cy + ry)),
            .cubic(Point(cx - kx, cy + ry), Point(cx - rx, cy + ky), Point(cx - rx, cy)),
            .cubic(Point(cx - rx, cy - ky), Point(cx - kx, cy - ry), Point(cx, cy - ry)),
            .cubic(Point(cx + kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + rx, cy)),
            .close,
        ]
    }

    /// A rectangle with elliptical corners of radii rx, ry (an ellipse when they are half the sides).
    private static func roundedOutline(_ r: Rect, rx: Double, ry: Double) -> [SVGPath.Segment] {
        if rx <= 0 || ry <= 0 { return Path.rect(r).outline }
        let kx = rx * quarterCircleKappa, ky = ry * quarterCircleKappa
        let x0 = r.minX, x1 = r.maxX, y0 = r.minY, y1 = r.maxY
        return [
            .move(Point(x0 + rx, y0)),
            .line(Point(x1 - rx, y0)),
            .cubic(Point(x1 - rx + kx, y0), Point(x1, y0 + ry - ky), Point(x1, y0 + ry)),
            .line(Point(x1, y1 - ry)),
            .cubic(Point(x1, y1 - ry + ky), Point(x1 - rx + kx, y1), Point(x1 - rx, y1)),
            .line(Point(x0 + rx, y1)),
            .cubic(Point(x0 + rx - kx, y1), Point(x0, y1 - ry + ky), Point(x0, y1 - ry)),
            .line(Point(x0, y0 + ry)),
            .cubic(Point(x0, y0 + ry - ky), Point(x0 + rx - kx, y0), Point(x0 + rx, y0)),
            .close,
        ]
    }

    /// Closed polygons approximating the path after `transform`, each within `tolerance` (in the
    /// transformed space, e.g. device pixels) of the true curve. Subpaths are closed implicitly;
    /// subpaths with fewer than 3 points are dropped (they enclose nothing). With a `region`, curves
    /// outside it are reduced to what a scanline fill of the region needs (see `CurveFlattener`).
    public func polygons(transform: AffineTransform, tolerance: Double = 0.1, region: Rect? = nil) -> [[Point]] {
        (try? polygons(transform: transform, tolerance: tolerance, region: region, cancellation: nil)) ?? []
    }

    /// The same, stopping (throwing `RenderCancelled`) soon after `cancellation` is cancelled.
    func polygons(transform: AffineTransform, tolerance: Double, region: Rect?,
                  cancellation: RenderCancellation?) throws(RenderCancelled) -> [[Point]] {
        var out: [[Point]] = []
        var current: [Point] = []
        var start = Point.zero
        func finish() {
            if current.count >= 3 { out.append(current) }
            current = []
        }
        for (n, segment) in outline.enumerated() {
            if n & 255 == 255 { try cancellation?.check() }
            switch segment {
            case .move(let p):
                finish()
                start = transform.apply(p)
                current = [start]
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(transform.apply(p))
            case .quad(let c, let p):
                if current.isEmpty { current = [start] }
                let p0 = current[current.count - 1]
                CurveFlattener.quad(p0, transform.apply(c), transform.apply(p), tolerance: tolerance, region: region, into: &current)
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [start] }
                let p0 = current[current.count - 1]
                CurveFlattener.cubic(p0, transform.apply(c1), transform.apply(c2), transform.apply(p),
                                     tolerance: tolerance, region: region, into: &current)
            case .close:
                finish()
            }
        }
        finish()
        return out
    }

    /// A box that holds the path after `transform`, from its control points (a Bézier curve lies in
    /// the hull of its control points), without flattening; `.zero` when empty.
    public func controlBounds(transform: AffineTransform) -> Rect {
        var points: [Point] = []
        for segment in outline {
            switch segment {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        guard !points.isEmpty else { return .zero }
        let mapped = points.map(transform.apply)
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        return Rect(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }

    /// The bounding box of the path after `transform` (of its flattened outline); `.zero` when empty.
    public func bounds(transform: AffineTransform) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var any = false
        for polygon in polygons(transform: transform, tolerance: 0.01) {
            for p in polygon {
                any = true
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        return any ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : .zero
    }
}
