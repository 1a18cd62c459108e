import Testing
@testable import Lamina

@Suite struct StrokeDashTests {
    typealias S = StrokeTestSupport

    /// Columns [x0, x1) in rows [y0, y1) fully covered, everything else empty.
    func expectColumns(_ m: AlphaMask, _ spans: [Range<Int>], rows: Range<Int>) {
        for y in 0..<m.height {
            for x in 0..<m.width {
                let on = rows.contains(y) && spans.contains { $0.contains(x) }
                #expect(m[x, y] == (on ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func dashesWithPhaseCoverExactlyTheirPixels() throws {
        let p = try S.stroke("M 0 10 L 100 10", S.style(width: 4, dash: [10, 10], phase: 5))
        expectColumns(S.mask(p, 100, 20), [0..<5, 15..<25, 35..<45, 55..<65, 75..<85, 95..<100], rows: 8..<12)
    }

    @Test func oddPatternRepeatsAndNegativePhaseWraps() throws {
        #expect(try DashPattern(lengths: [3]).lengths == [3, 3])
        #expect(try DashPattern(lengths: [1, 2, 3]).lengths == [1, 2, 3, 1, 2, 3])
        let p = try S.stroke("M 0 10 L 40 10", S.style(width: 2, dash: [10, 10], phase: -5))
        expectColumns(S.mask(p, 40, 20), [5..<15, 25..<35], rows: 9..<11)
    }

    @Test func patternContinuesIntoTheNextSubpath() throws {
        let p = try S.stroke("M 0 10 L 15 10 M 0 30 L 15 30", S.style(width: 2, dash: [10, 10]))
        let m = S.mask(p, 20, 40)
        for x in 0..<20 {
            #expect(m[x, 10] == (x < 10 ? 255 : 0), "first x=\(x)")
            #expect(m[x, 30] == (x >= 5 && x < 15 ? 255 : 0), "second x=\(x)")
        }
    }

    @Test func closedSubpathKeptWholeStaysClosed() throws {
        let rect = Path.rect(Rect(10, 10, 40, 40))
        let whole = try PathStroker.pieces(of: rect.subpaths(), style: S.style(width: 4, dash: [1000, 10]))
        #expect(whole.count == 1 && whole[0].isClosed)
        let dashed = try PathStroker.pieces(of: rect.subpaths(), style: S.style(width: 4, dash: [20, 10]))
        #expect(dashed.count == 6 && dashed.allSatisfy { !$0.isClosed })
        #expect(dashed.first?.points.first == Point(10, 10) && dashed.last?.points.last == Point(10, 10))
        // Joined at the start when whole: the outer corner square at (8…10, 8…10) is filled; two butt dash ends there leave it empty.
        let solid = S.mask(try PathStroker.outline(path: rect, style: S.style(width: 4, dash: [1000, 10])), 60, 60)
        let split = S.mask(try PathStroker.outline(path: rect, style: S.style(width: 4, dash: [20, 10])), 60, 60)
        #expect(solid[8, 8] == 255 && solid[9, 9] == 255)
        #expect(split[8, 8] == 0 && split[9, 9] == 0 && split[10, 9] == 255 && split[9, 10] == 255)
    }

    @Test func zeroLengthDashesAreDotsSquaresOrNothing() throws {
        let line = "M 10 10 L 110 10"
        let round = S.area(try S.stroke(line, S.style(width: 12, cap: .round, dash: [0, 20])), 130, 20)
        #expect(abs(round - 6 * 36 * Double.pi) / (216 * Double.pi) < 0.005, "\(round)")
        let square = S.area(try S.stroke(line, S.style(width: 12, cap: .square, dash: [0, 20])), 130, 20)
        #expect(abs(square - 6 * 144) < 0.05)
        #expect(try S.stroke(line, S.style(width: 6, cap: .butt, dash: [0, 20])).isEmpty)
        // A square dot follows the path's direction: on a 45° line its corners reach 3√2 from the center.
        let diagonal = try S.stroke("M 20 20 L 60 60", S.style(width: 6, cap: .square, dash: [0, 100]))
        #expect(diagonal.count == 1)
        let reach = diagonal[0].map { ($0 - Point(20, 20)).length }.max()!
        #expect(abs(reach - 3 * 2.0.squareRoot()) < 1e-9)
        #expect(diagonal[0].contains { abs($0.x - 20) < 1e-9 })
    }

    @Test func trimsKeepAFractionOfTheWholeLength() throws {
        let rect = Path.rect(Rect(20, 20, 100, 60))
        let half = S.area(try PathStroker.outline(path: rect, style: S.style(width: 10, end: 0.5)), 140, 100)
        #expect(abs(half - 1600) < 0.05, "\(half)")
        let middle = try PathStroker.pieces(of: rect.subpaths(), style: S.style(width: 10, start: 0.25, end: 0.5))
        #expect(middle.count == 1 && middle[0].points == [Point(100, 20), Point(120, 20), Point(120, 80)])
        #expect(try PathStroker.outline(path: rect, style: S.style(width: 10, start: 0.6, end: 0.6)).isEmpty)
        #expect(try PathStroker.outline(path: rect, style: S.style(width: 10, start: 0.7, end: 0.2)).isEmpty)
    }

    @Test func trimsSpanSubpathsAndApplyAfterDashing() throws {
        // Two 100-long lines; strokeStart 0.25, strokeEnd 0.75 keeps x 50…100 of the first and 0…50 of the second.
        let two = "M 0 10 L 100 10 M 0 30 L 100 30"
        let m = S.mask(try S.stroke(two, S.style(width: 2, start: 0.25, end: 0.75)), 100, 40)
        for x in 0..<100 {
            #expect(m[x, 10] == (x >= 50 ? 255 : 0) && m[x, 30] == (x < 50 ? 255 : 0), "x=\(x)")
        }
        // Dashes are laid first (pattern from the path's start), then trimmed: [10, 10] kept over 15…45.
        let d = S.mask(try S.stroke("M 0 10 L 100 10", S.style(width: 2, dash: [10, 10], start: 0.15, end: 0.45)), 100, 20)
        for x in 0..<100 {
            #expect(d[x, 10] == ((x >= 20 && x < 30) || (x >= 40 && x < 45) ? 255 : 0), "x=\(x)")
        }
    }

    @Test func badPatternsGiveTypedErrors() throws {
        #expect(throws: StrokeError.zeroDashPattern) { try DashPattern(lengths: [0, 0]) }
        #expect(throws: StrokeError.emptyDashPattern) { try DashPattern(lengths: []) }
        #expect(throws: StrokeError.invalidDashLength(index: 1, value: -2)) { try DashPattern(lengths: [1, -2]) }
        #expect(throws: StrokeError.invalidDashPhase(.infinity)) { try DashPattern(lengths: [1], phase: .infinity) }
        let tiny = try S.style(width: 1, dash: [1e-300])
        #expect(throws: StrokeError.self) { try S.stroke("M 0 0 L 100000 0", tiny) }
        do {
            _ = try S.stroke("M 0 0 L 100000 0", tiny)
        } catch let error as StrokeError {
            guard case .tooManyDashes(_, let limit) = error else { Issue.record("\(error)"); return }
            #expect(limit == StrokeLimits.maxDashes)
            #expect(error.description.contains("at most 1000000"))
        }
        #expect(throws: StrokeError.invalidMiterLimit(0.5)) { try S.stroke("M 0 0 L 1 0", S.style(width: 1, miterLimit: 0.5)) }
        #expect(throws: StrokeError.invalidLineWidth(-1)) { try S.stroke("M 0 0 L 1 0", S.style(width: -1)) }
    }
}
