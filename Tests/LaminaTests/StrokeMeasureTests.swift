import Testing
@testable import Lamina

@Suite struct StrokeMeasureTests {
    @Test func shapesStartWhereTheContractSaysAndRunClockwise() throws {
        let r = Rect(10, 20, 100, 60)
        let rect = try Path.rect(r).subpaths()
        #expect(rect.count == 1 && rect[0].isClosed && rect[0].points == [Point(10, 20), Point(110, 20), Point(110, 80), Point(10, 80)])
        let ellipse = try Path.ellipse(r).subpaths()
        #expect(ellipse.count == 1 && ellipse[0].isClosed)
        #expect(ellipse[0].points[0] == Point(110, 50))
        #expect(ellipse[0].points[1].y > 50 && ellipse[0].points[1].x < 110)
        let rounded = try Path.roundedRect(r, radius: 8).subpaths()
        #expect(rounded[0].points[0] == Point(18, 20) && rounded[0].points[1] == Point(102, 20))
        let svg = try Path.svg(SVGPath.parse("M 0 0 L 10 0 M 0 5 L 10 5 L 10 9 Z L 3 3"), fillRule: .nonZero).subpaths()
        #expect(svg.map { $0.isClosed } == [false, true, false])
        #expect(svg[2].points == [Point(0, 5), Point(3, 3)])
    }

    @Test func aProgressRingQuarterEndsAtTheBottom() throws {
        let ring = try Path.ellipse(Rect(0, 0, 100, 100)).subpaths()
        let quarter = try PathStroker.pieces(of: ring, style: StrokeStyle(lineWidth: 4, strokeEnd: 0.25))
        #expect(quarter.count == 1 && !quarter[0].isClosed && quarter[0].points[0] == Point(100, 50))
        let end = quarter[0].points[quarter[0].points.count - 1]
        #expect(abs(end.x - 50) < 0.01 && abs(end.y - 100) < 0.01, "\(end)")
        #expect(quarter[0].points.allSatisfy { $0.x >= 50 - 1e-9 && $0.y >= 50 - 1e-9 })
    }

    @Test func lengthsOfLinesAndCurves() throws {
        let rect = PathMeasure(try Path.rect(Rect(10, 20, 100, 60)).subpaths())
        #expect(rect.totalLength == 320)
        let circle = PathMeasure(try Path.ellipse(Rect(0, 0, 20, 20)).subpaths())
        #expect(abs(circle.totalLength - 20 * Double.pi) / (20 * Double.pi) < 0.001)
        let two = PathMeasure(try Path.svg(SVGPath.parse("M 0 0 L 30 40 M 100 0 L 100 10"), fillRule: .nonZero).subpaths())
        #expect(two.lengths == [50, 10] && two.offsets == [0, 50] && two.totalLength == 60)
    }

    @Test func segmentsBetweenDistances() throws {
        let rect = PathMeasure(try Path.rect(Rect(10, 20, 100, 60)).subpaths())
        let corner = rect.segment(from: 90, to: 110)
        #expect(corner.count == 1 && corner[0].points == [Point(100, 20), Point(110, 20), Point(110, 30)] && !corner[0].isClosed)
        #expect(rect.segment(from: 0, to: 320).first?.isClosed == true)
        #expect(rect.segment(from: 0, to: 319).first?.isClosed == false)
        let two = PathMeasure(try Path.svg(SVGPath.parse("M 0 0 L 50 0 M 0 10 L 50 10"), fillRule: .nonZero).subpaths())
        let across = two.segment(from: 40, to: 60)
        #expect(across.map { $0.points } == [[Point(40, 0), Point(50, 0)], [Point(0, 10), Point(10, 10)]])
        #expect(two.segment(from: 20, to: 50).count == 1)
        let dot = two.segment(from: 70, to: 70)
        #expect(dot.count == 1 && dot[0].points == [Point(20, 10), Point(20, 10)] && dot[0].direction == Point(1, 0))
    }
}
