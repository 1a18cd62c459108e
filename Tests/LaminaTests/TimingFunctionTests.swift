import Testing
@testable import Lamina

/// Timing functions: Apple's control points, checked at points of the curve computed by hand from the
/// Bernstein form B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
@Suite struct TimingFunctionTests {
    /// (function, x, y) with y = f(x) exactly: the curve's point at parameter s = 0.5, worked out by hand.
    static let halfwayPoints: [(String, TimingFunction, Double, Double)] = [
        ("easeIn", .easeIn, 0.6575, 0.5),          // x = 3·0.125·0.42 + 3·0.125·1 + 0.125
        ("easeOut", .easeOut, 0.3425, 0.5),        // x = 3·0.125·0.58 + 0.125
        ("easeInEaseOut", .easeInEaseOut, 0.5, 0.5),
        ("default", .default, 0.3125, 0.5375),     // y = 3·0.125·0.1 + 3·0.125·1 + 0.125
        ("linear", .linear, 0.3, 0.3),
    ]

    @Test(arguments: halfwayPoints.map(\.0)) func namedCurvesAtTheirMidParameter(_ name: String) {
        let (_, f, x, y) = Self.halfwayPoints.first { $0.0 == name }!
        #expect(abs(f(x) - y) < 1e-12, "\(name)(\(x)) = \(f(x)), expected \(y)")
    }

    @Test func namesMapToApplesControlPoints() {
        let points = Dictionary(uniqueKeysWithValues: TimingFunction.named.map { ($0.0, [$0.1.x1, $0.1.y1, $0.1.x2, $0.1.y2]) })
        #expect(points == ["linear": [0, 0, 1, 1], "easeIn": [0.42, 0, 1, 1], "easeOut": [0, 0, 0.58, 1],
                           "easeInEaseOut": [0.42, 0, 0.58, 1], "default": [0.25, 0.1, 0.25, 1]])
    }

    static func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }

    @Test func everyNamedCurveAgreesWithItsBernsteinFormAlongTheCurve() {
        for (name, f) in TimingFunction.named {
            for s in stride(from: 0.05, to: 1, by: 0.05) {
                let x = Self.bernstein(s, f.x1, f.x2), y = Self.bernstein(s, f.y1, f.y2)
                #expect(abs(f(x) - y) < 1e-9, "\(name) at s = \(s)")
            }
        }
    }

    @Test func aCurveWithAFlatStartIsSolvedByBisection() throws {
        // x1 = x2 = 0: x(s) = s³, so dx/ds = 0 at s = 0 and Newton's step from a small x stalls.
        let f = try #require(TimingFunction(0, 1, 0, 1))
        let y = Self.bernstein(0.1, 1, 1)                     // 0.271
        #expect(abs(f(0.001) - y) < 1e-9)
        #expect(abs(y - 0.271) < 1e-12)
    }

    @Test func overshootingCurvesLeaveZeroToOne() throws {
        let f = try #require(TimingFunction(0.3, -0.8, 0.7, 1.8))
        let s = 0.2, x = Self.bernstein(s, 0.3, 0.7)
        #expect(abs(f(x) - Self.bernstein(s, -0.8, 1.8)) < 1e-9)
        #expect(f(x) < 0)
        #expect(f(0) == 0 && f(1) == 1)
    }

    @Test func controlPointsOutsideTheContractAreRefused() {
        #expect(TimingFunction(1.01, 0, 0.5, 1) == nil)
        #expect(TimingFunction(0.5, 0, -0.01, 1) == nil)
        #expect(TimingFunction(0.5, .nan, 0.5, 1) == nil)
        #expect(TimingFunction(0.5, 0, 0.5, .infinity) == nil)
        #expect(TimingFunction(0, -5, 1, 5) != nil)
    }
}
