/// Turns SVG path commands into absolute segments, tracking the current point, the subpath start and
/// the previous control point (for the smooth `S`/`T` commands).
struct SVGPathBuilder {
    var segments: [SVGPath.Segment] = []
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// Second control point of the previous C/S (cubic) or control point of the previous Q/T (quad).
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?

    /// Applies one command letter with all its (implicitly repeated) argument groups.
    mutating func apply(_ cmd: UInt8, scanner: inout SVGPathScanner) throws(SVGPathError) {
        let relative = cmd >= UInt8(ascii: "a")
        let upper = relative ? cmd - 32 : cmd
        if upper == UInt8(ascii: "Z") {
            segments.append(.close)
            current = subpathStart
            lastCubicControl = nil; lastQuadControl = nil
            return
        }
        repeat {
            try applyOnce(upper, relative: relative, scanner: &scanner)
            if upper == UInt8(ascii: "M") { break }
        } while scanner.startsNumber
    }

    private mutating func point(_ scanner: inout SVGPathScanner, _ relative: Bool, _ what: String) throws(SVGPathError) -> Point {
        let x = try scanner.number(what + " x")
        let y = try scanner.number(what + " y")
        return relative ? Point(current.x + x, current.y + y) : Point(x, y)
    }

    private mutating func applyOnce(_ upper: UInt8, relative: Bool, scanner: inout SVGPathScanner) throws(SVGPathError) {
        var cubicControl: Point?
        var quadControl: Point?
        switch upper {
        case UInt8(ascii: "M"):
            let p = try point(&scanner, relative, "moveto")
            segments.append(.move(p))
            current = p; subpathStart = p
        case UInt8(ascii: "L"):
            let p = try point(&scanner, relative, "lineto")
            line(to: p)
        case UInt8(ascii: "H"):
            let x = try scanner.number("horizontal lineto x")
            line(to: Point(relative ? current.x + x : x, current.y))
        case UInt8(ascii: "V"):
            let y = try scanner.number("vertical lineto y")
            line(to: Point(current.x, relative ? current.y + y : y))
        case UInt8(ascii: "C"):
            let c1 = try point(&scanner, relative, "curveto control 1")
            let c2 = try point(&scanner, relative, "curveto control 2")
            let p = try point(&scanner, relative, "curveto end")
            cubic(c1, c2, p); cubicControl = c2
        case UInt8(ascii: "S"):
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(&scanner, relative, "smooth curveto control 2")
            let p = try point(&scanner, relative, "smooth curveto end")
            cubic(c1, c2, p); cubicControl = c2
        case UInt8(ascii: "Q"):
            let c = try point(&scanner, relative, "quadratic curveto control")
            let p = try point(&scanner, relative, "quadratic curveto end")
            quad(c, p); quadControl = c
        case UInt8(ascii: "T"):
            let c = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = try point(&scanner, relative, "smooth quadratic curveto end")
            quad(c, p); quadControl = c
        default:
            let rx = try scanner.number("arc radius x")
            let ry = try scanner.number("arc radius y")
            let rotation = try scanner.number("arc x-axis rotation")
            let large = try scanner.flag("arc large-arc-flag")
            let sweep = try scanner.flag("arc sweep-flag")
            let p = try point(&scanner, relative, "arc end")
            let arc = SVGArc(from: current, to: p, radii: Point(rx, ry), rotationDegrees: rotation,
                             largeArc: large, sweep: sweep)
            let cubics = arc.cubics()
            if cubics.isEmpty {
                if arc.isLine { line(to: p) }
            } else {
                for c in cubics { segments.append(.cubic(c.0, c.1, c.2)) }
            }
            current = p
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private mutating func line(to p: Point) {
        segments.append(.line(p))
        current = p
    }

    private mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        segments.append(.cubic(c1, c2, p))
        current = p
    }

    private mutating func quad(_ c: Point, _ p: Point) {
        segments.append(.quad(c, p))
        current = p
    }
}

extension Point {
    fileprivate static func * (p: Point, s: Int) -> Point { Point(p.x * Double(s), p.y * Double(s)) }
}
