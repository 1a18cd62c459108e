import Testing
@testable import Lamina

@Suite struct PathSVGParserTests {
    typealias S = SVGPath.Segment
    func p(_ x: Double, _ y: Double) -> Point { Point(x, y) }
    func segments(_ d: String) throws -> [S] { try SVGPath.parse(d).segments }

    func parseError(_ d: String) -> SVGPathError? {
        do { _ = try SVGPath.parse(d); return nil } catch { return error }
    }

    /// Point on a cubic at t.
    func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
    }

    /// Every cubic of an arc path sampled: the largest |distance to center − radius|.
    func radialError(_ segs: [S], center: Point, radius: Double) -> Double {
        var current = Point.zero, worst = 0.0
        for s in segs {
            switch s {
            case .move(let q): current = q
            case .cubic(let c1, let c2, let q):
                for i in 0...20 {
                    let pt = cubicPoint(current, c1, c2, q, Double(i) / 20)
                    worst = max(worst, abs((pt - center).length - radius))
                }
                current = q
            default: break
            }
        }
        return worst
    }

    @Test func absoluteLinesAndClose() throws {
        #expect(try segments("M10 20 L30 40 H 50 V 60 Z") == [.move(p(10, 20)), .line(p(30, 40)), .line(p(50, 40)), .line(p(50, 60)), .close])
    }

    @Test func relativeLinesAndClose() throws {
        #expect(try segments("m10 20 l30 40 h 5 v -6 z") == [.move(p(10, 20)), .line(p(40, 60)), .line(p(45, 60)), .line(p(45, 54)), .close])
    }

    @Test func implicitLinetoAfterMoveto() throws {
        #expect(try segments("M1 2 3 4 5 6") == [.move(p(1, 2)), .line(p(3, 4)), .line(p(5, 6))])
        #expect(try segments("m1 2 3 4 5 6") == [.move(p(1, 2)), .line(p(4, 6)), .line(p(9, 12))])
        #expect(try segments("M0 0 L1 1 2 2 H3 4 V5 6") == [.move(p(0, 0)), .line(p(1, 1)), .line(p(2, 2)), .line(p(3, 2)), .line(p(4, 2)), .line(p(4, 5)), .line(p(4, 6))])
    }

    @Test func compactNumbersAndSeparators() throws {
        #expect(try segments("M1.5.5-1-2") == [.move(p(1.5, 0.5)), .line(p(-1, -2))])
        #expect(try segments("M1e1,2E-1L+3,4") == [.move(p(10, 0.2)), .line(p(3, 4))])
        #expect(try segments("  M 1 , 2\n\tL3,4  ") == [.move(p(1, 2)), .line(p(3, 4))])
        #expect(try segments("") == [])
    }

    @Test func closeReturnsToTheSubpathStart() throws {
        #expect(try segments("M10 10 l5 0 z m1 1 l1 0") == [.move(p(10, 10)), .line(p(15, 10)), .close, .move(p(11, 11)), .line(p(12, 11))])
        #expect(try segments("M10 10 L20 10 Z L 0 0") == [.move(p(10, 10)), .line(p(20, 10)), .close, .line(p(0, 0))])
    }

    @Test func cubicsAbsoluteRelativeAndSmooth() throws {
        #expect(try segments("M0 0 C 1 2 3 4 5 6") == [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6))])
        #expect(try segments("M1 1 c 1 2 3 4 5 6") == [.move(p(1, 1)), .cubic(p(2, 3), p(4, 5), p(6, 7))])
        #expect(try segments("M0 0 C 1 2 3 4 5 6 S 9 9 10 10") == [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 9), p(10, 10))])
        #expect(try segments("M0 0 C 1 2 3 4 5 6 s 4 3 5 4") == [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 9), p(10, 10))])
        #expect(try segments("M0 0 L 5 5 S 9 9 10 10") == [.move(p(0, 0)), .line(p(5, 5)), .cubic(p(5, 5), p(9, 9), p(10, 10))])
        #expect(try segments("M0 0 C 1 2 3 4 5 6 7 8 9 10 11 12") == [.move(p(0, 0)), .cubic(p(1, 2), p(3, 4), p(5, 6)), .cubic(p(7, 8), p(9, 10), p(11, 12))])
    }

    @Test func quadsAbsoluteRelativeAndSmooth() throws {
        #expect(try segments("M0 0 Q 1 2 3 4") == [.move(p(0, 0)), .quad(p(1, 2), p(3, 4))])
        #expect(try segments("M1 1 q 1 2 3 4") == [.move(p(1, 1)), .quad(p(2, 3), p(4, 5))])
        #expect(try segments("M0 0 Q 1 2 3 4 T 8 8") == [.move(p(0, 0)), .quad(p(1, 2), p(3, 4)), .quad(p(5, 6), p(8, 8))])
        #expect(try segments("M0 0 Q 1 2 3 4 t 5 4 t 1 1") == [.move(p(0, 0)), .quad(p(1, 2), p(3, 4)), .quad(p(5, 6), p(8, 8)), .quad(p(11, 10), p(9, 9))])
        #expect(try segments("M0 0 L 2 2 T 8 8") == [.move(p(0, 0)), .line(p(2, 2)), .quad(p(2, 2), p(8, 8))])
        #expect(try segments("M0 0 C 1 1 2 2 3 3 T 8 8") == [.move(p(0, 0)), .cubic(p(1, 1), p(2, 2), p(3, 3)), .quad(p(3, 3), p(8, 8))])
    }

    @Test func semicircleArcPassesThroughTheTop() throws {
        let segs = try segments("M0 0 A 10 10 0 0 1 20 0")
        #expect(segs.count == 3)
        guard case .cubic(_, _, let mid) = segs[1], case .cubic(_, _, let end) = segs[2] else { Issue.record("\(segs)"); return }
        #expect((mid - p(10, -10)).length < 1e-9)
        #expect(end == p(20, 0))
        #expect(radialError(segs, center: p(10, 0), radius: 10) < 0.003)
        let other = try segments("M0 0 A 10 10 0 0 0 20 0")
        guard case .cubic(_, _, let mid2) = other[1] else { return }
        #expect((mid2 - p(10, 10)).length < 1e-9)
    }

    @Test func relativeArcAndTooSmallRadiiScaleUp() throws {
        let segs = try segments("M5 5 a 1 1 0 0 1 20 0")
        #expect(radialError(segs, center: p(15, 5), radius: 10) < 0.003)
        guard case .cubic(_, _, let end)? = segs.last else { return }
        #expect(end == p(25, 5))
    }

    @Test func largeArcFlagPicksTheLongWayRound() throws {
        let small = try segments("M10 0 A 10 10 0 0 1 0 10")
        let large = try segments("M10 0 A 10 10 0 1 1 0 10")
        #expect(small.count == 2 && large.count == 4)
        #expect(radialError(small, center: p(0, 0), radius: 10) < 0.003)
        #expect(radialError(large, center: p(10, 10), radius: 10) < 0.003)
    }

    @Test func rotatedEllipticalArcStaysOnItsEllipse() throws {
        let from = p(0, 0), to = p(15, 5), phi = 30.0 * .pi / 180
        let arc = SVGArc(from: from, to: to, radii: p(20, 10), rotationDegrees: 30, largeArc: true, sweep: false)
        let form = try #require(arc.centerForm())
        #expect(form.rx == 20 && form.ry == 10)
        #expect(form.delta < -.pi && form.delta > -2 * .pi)
        func residual(_ q: Point) -> Double {
            let d = q - form.center
            let x = d.x * cos(phi) + d.y * sin(phi), y = -d.x * sin(phi) + d.y * cos(phi)
            return abs((x * x) / 400 + (y * y) / 100 - 1)
        }
        #expect(residual(from) < 1e-12 && residual(to) < 1e-12)
        let segs = try segments("M0 0 A 20 10 30 1 0 15 5")
        #expect(segs.count - 1 == arc.cubics().count)
        var current = from, worst = 0.0
        for s in segs {
            guard case .cubic(let c1, let c2, let q) = s else { continue }
            for i in 0...10 { worst = max(worst, residual(cubicPoint(current, c1, c2, q, Double(i) / 10))) }
            current = q
        }
        #expect(worst < 0.001)
        #expect(current == to)
    }

    @Test func degenerateArcs() throws {
        #expect(try segments("M0 0 A 0 5 0 0 1 10 10") == [.move(p(0, 0)), .line(p(10, 10))])
        #expect(try segments("M3 3 A 5 5 0 0 1 3 3") == [.move(p(3, 3))])
        #expect(try segments("M0 0 a 5 5 0 0 1 0 0 l 1 1") == [.move(p(0, 0)), .line(p(1, 1))])
    }

    @Test func compactArcFlags() throws {
        let a = try segments("M0 0a10 10 0 0110 10")
        let b = try segments("M0 0 a 10 10 0 0 1 10 10")
        #expect(a == b)
    }

    @Test(arguments: [
        ("L1 1", 0, "path data must begin with M or m, got 'L'"),
        ("10 10", 0, "expected a moveto command (M or m), got '1'"),
        ("M1", 2, "expected a number (moveto y), got the end of the data"),
        ("M1 1 L", 6, "expected a number (lineto x), got the end of the data"),
        ("M0 0 C 1 2 3", 12, "expected a number (curveto control 2 y), got the end of the data"),
        ("M0 0 A 1 1 0 2 0 5 5", 13, "expected a flag 0 or 1 (arc large-arc-flag), got '2'"),
        ("M0 0 A 1 1 0 0 x 5 5", 15, "expected a flag 0 or 1 (arc sweep-flag), got 'x'"),
        ("M0 0 Z 3", 7, "expected a command after Z, got '3'"),
        ("M0 0 B 3", 5, "expected a number (lineto x), got 'B'"),
        ("M1e999 0", 1, "number 1e999 is out of range"),
        ("M0 0 L1 1 ,, 2 2", 11, "expected a number (lineto x), got ','"),
    ])
    func errorsNameTheCharacter(d: String, offset: Int, message: String) {
        let e = parseError(d)
        #expect(e?.message == message, "\(d)")
        #expect(e?.offset == offset, "\(d)")
        #expect(e?.description == "\(message) at character \(offset + 1) of the path data")
    }
}

private func cos(_ x: Double) -> Double { LaminaMath.cos(x) }
private func sin(_ x: Double) -> Double { LaminaMath.sin(x) }
