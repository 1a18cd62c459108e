import Testing
@testable import Lamina

/// Round joins on both sides of a turn, and zero-length subpaths written as a move then a close.
@Suite struct StrokeJoinAndDotTests {
    typealias S = StrokeTestSupport

    @Test func roundJoinAddsOnlyTheOuterQuarterDisc() throws {
        // Segments [10, 50]×[45, 55] and [45, 55]×[10, 50] overlap in a 5×5 square on the inner side; the
        // round join adds the quarter disc of radius 5 outside the corner.
        let p = try S.stroke("M 10 50 L 50 50 L 50 10", S.style(width: 10, join: .round))
        let area = S.area(p, 70, 70)
        let want = 800 - 25 + Double.pi * 25 / 4
        #expect(abs(area - want) / want < 0.002, "\(area) vs \(want)")
        let m = S.mask(p, 70, 70)
        #expect(m[47, 47] == 255 && m[52, 47] == 255 && m[47, 52] == 255)  // inner corner and both arms
        #expect(m[54, 54] == 0 && m[51, 51] == 255)                           // outside the disc, inside it
    }

    @Test func roundJoinAddsNothingInsideTheTurn() throws {
        // Inside the turn the join's disc is covered by the two segments wherever they reach; behind a first
        // segment shorter than the half width nothing more is drawn (SVG 2's outer sector; Skia leaves (45, 45) empty too).
        let p = try S.stroke("M 50 50 L 52 50 L 52 90", S.style(width: 20, join: .round))
        let want = 40 + 800 - 20 + Double.pi * 25
        let area = S.area(p, 100, 100)
        #expect(abs(area - want) / want < 0.002, "\(area) vs \(want)")
        let m = S.mask(p, 100, 100)
        #expect(m[45, 45] == 0 && m[51, 45] == 255 && m[45, 55] == 255 && m[58, 44] == 255)
    }

    @Test func moveThenCloseIsAZeroLengthClosedSubpath() throws {
        let subpaths = try Path.svg(SVGPath.parse("M 10 10 Z M 20 20 M 30 30 L 40 30"), fillRule: .nonZero).subpaths()
        #expect(subpaths.count == 2)
        #expect(subpaths[0].points == [Point(10, 10), Point(10, 10)] && subpaths[0].isClosed && subpaths[0].length == 0)
        let round = S.area(try S.stroke("M 30 30 Z", S.style(width: 12, cap: .round)), 60, 60)
        #expect(abs(round - 36 * Double.pi) / (36 * Double.pi) < 0.005, "\(round)")
        #expect(abs(S.area(try S.stroke("M 30 30 Z", S.style(width: 12, cap: .square)), 60, 60) - 144) < 0.01)
        #expect(try S.stroke("M 30 30 Z", S.style(width: 12)).isEmpty)
        // Dashed: the dot lies at distance 0, inside the first dash; trimmed away it is not drawn.
        #expect(S.area(try S.stroke("M 30 30 Z", S.style(width: 12, cap: .square, dash: [5, 5])), 60, 60) > 143)
        #expect(try S.stroke("M 30 30 Z M 0 0 L 10 0", S.style(width: 12, cap: .square, start: 0.5)).count > 0)
        #expect(S.area(try S.stroke("M 30 30 Z M 0 0 L 10 0", S.style(width: 12, cap: .square, start: 0.5)), 60, 60) < 100)
    }
}
