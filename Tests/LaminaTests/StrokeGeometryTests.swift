import Testing
@testable import Lamina

@Suite struct StrokeGeometryTests {
    typealias S = StrokeTestSupport

    @Test func lineCapsCoverTheExpectedArea() throws {
        let line = "M 10 20 L 110 20"
        #expect(abs(S.area(try S.stroke(line, S.style(width: 10, cap: .butt)), 130, 40) - 1000) < 0.05)
        #expect(abs(S.area(try S.stroke(line, S.style(width: 10, cap: .square)), 130, 40) - 1100) < 0.05)
        let round = S.area(try S.stroke(line, S.style(width: 10, cap: .round)), 130, 40)
        let expected = 1000 + 25 * Double.pi
        #expect(abs(round - expected) / expected < 0.005, "\(round) vs \(expected)")
    }

    @Test func strokedRectJoins() throws {
        let rect = Path.rect(Rect(20, 20, 100, 60))
        func area(_ join: LineJoin) throws -> Double {
            S.area(try PathStroker.outline(path: rect, style: S.style(width: 10, join: join)), 140, 100)
        }
        #expect(abs(try area(.miter) - 3200) < 0.05)
        #expect(abs(try area(.bevel) - (3200 - 4 * 12.5)) < 0.05)
        let round = 3200 - 4 * (25 - 25 * Double.pi / 4)
        #expect(abs(try area(.round) - round) / round < 0.002)
    }

    @Test func strokedCircleIsAnAnnulus() throws {
        let (r, w) = (30.0, 6.0)
        let circle = Path.ellipse(Rect(50 - r, 50 - r, 2 * r, 2 * r))
        for join in LineJoin.allCases {
            let a = S.area(try PathStroker.outline(path: circle, style: S.style(width: w, join: join)), 100, 100)
            let expected = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
            #expect(abs(a - expected) / expected < 0.005, "\(join): \(a) vs \(expected)")
        }
    }

    /// Two segments meeting at interior angle θ; miter/bevel area difference h²·tan(α/2) − ½h²·sin α, α = π − θ.
    @Test func miterLimitSwitchesToBevelAtSVGsAngle() throws {
        func corner(_ thetaDegrees: Double, _ join: LineJoin) throws -> Double {
            let t = thetaDegrees * .pi / 180
            let svg = "M 20 80 L 120 80 L \(120 - 80 * LaminaMath.cos(t)) \(80 - 80 * LaminaMath.sin(t))"
            return S.area(try S.stroke(svg, S.style(width: 10, join: join, miterLimit: 2)), 160, 100)
        }
        // limit 2: miter while 1/sin(θ/2) ≤ 2, i.e. θ ≥ 60°.
        let alpha = (180.0 - 70) * .pi / 180
        let extra = 25 * LaminaMath.sin(alpha / 2) / LaminaMath.cos(alpha / 2) - 12.5 * LaminaMath.sin(alpha)
        #expect(abs(try corner(70, .miter) - corner(70, .bevel) - extra) < 0.1)
        #expect(abs(try corner(50, .miter) - corner(50, .bevel)) < 0.01)
        #expect(try corner(61, .miter) - corner(61, .bevel) > 10)
        #expect(abs(try corner(59, .miter) - corner(59, .bevel)) < 0.01)
    }

    @Test func halfTurnWithRoundJoinAddsASemicircle() throws {
        let a = S.area(try S.stroke("M 10 10 L 60 10 L 30 10", S.style(width: 10, join: .round)), 80, 30)
        let expected = 500 + 12.5 * Double.pi
        #expect(abs(a - expected) / expected < 0.003, "\(a)")
        let bevel = S.area(try S.stroke("M 10 10 L 60 10 L 30 10", S.style(width: 10, join: .miter)), 80, 30)
        #expect(abs(bevel - 500) < 0.05)
    }

    @Test func outlineSizeIsBounded() throws {
        let huge = try S.style(width: 1e6, cap: .round, dash: [1, 1])
        #expect(throws: StrokeError.tooManyPoints(limit: StrokeLimits.maxOutlinePoints)) {
            try S.stroke("M 0 0 L 100000 0", huge)
        }
    }

    @Test func zeroWidthDrawsNothing() throws {
        #expect(try S.stroke("M 0 0 L 10 10", S.style(width: 0, cap: .round)).isEmpty)
    }

    @Test func nonUniformTransformScalesThePen() throws {
        // Stroked in the path's space, then transformed: a horizontal line of width 10 under scale(1, 0.5) is 5 px tall.
        let polygons = try S.stroke("M 10 45 L 110 45", S.style(width: 10), transform: .scale(1, 0.5))
        #expect(abs(S.area(polygons, 130, 40) - 500) < 0.05)
        let rotated = try S.stroke("M 0 0 L 60 0", S.style(width: 4, cap: .square),
                                   transform: AffineTransform.rotation(0.6).concatenating(.translation(40, 20)))
        #expect(abs(S.area(rotated, 100, 80) - 64 * 4) < 0.3)
    }

    @Test func hairlinesKeepCoverageProportionalToWidth() {
        let thin = HairlineStroke(lineWidth: 0.25, transform: .identity)
        #expect(thin.lineWidth == 1 && thin.coverageScale == 0.25 && thin.isHairline)
        let scaled = HairlineStroke(lineWidth: 0.25, transform: .scale(2, 2))
        #expect(scaled.lineWidth == 0.5 && scaled.coverageScale == 0.5)
        let wide = HairlineStroke(lineWidth: 2, transform: .scale(0.75, 0.75))
        #expect(wide.lineWidth == 2 && wide.coverageScale == 1 && !wide.isHairline)
        #expect(HairlineStroke(lineWidth: 0, transform: .identity).coverageScale == 1)
        #expect(HairlineStroke(lineWidth: 1, transform: .scale(0, 3)).coverageScale == 1)
    }

    @Test func degenerateInputNeverMakesNaN() throws {
        var rng = SplitMix64(seed: 46)
        let caps = LineCap.allCases, joins = LineJoin.allCases
        for _ in 0..<300 {
            var svg = "M \(rng.coord()) \(rng.coord())"
            for _ in 0..<rng.int(8) {
                switch rng.int(6) {
                case 0: svg += " L \(rng.coord()) \(rng.coord())"
                case 1: svg += " L 5 5 L 5 5"
                case 2: svg += " C \(rng.coord()) \(rng.coord()) \(rng.coord()) \(rng.coord()) \(rng.coord()) \(rng.coord())"
                case 3: svg += " Z"
                case 4: svg += rng.int(4) == 0 ? " L 1e300 -1.7e308" : " M \(rng.coord()) \(rng.coord())"
                default: svg += " A 10 5 \(rng.coord()) 1 0 \(rng.coord()) \(rng.coord())"
                }
            }
            let dash: [Double]? = rng.int(2) == 0 ? nil : [Double(rng.int(4)), Double(rng.int(3)) + 0.5]
            let style = try S.style(width: [1e-300, 0.001, 1, 7, 40][rng.int(5)], cap: caps[rng.int(3)], join: joins[rng.int(3)],
                                    miterLimit: 1 + Double(rng.int(20)), dash: dash, phase: Double(rng.int(50)) - 25,
                                    start: Double(rng.int(3)) / 4, end: 1 - Double(rng.int(3)) / 4)
            let t = [AffineTransform.identity, .scale(3, 0.2), .rotation(1)][rng.int(3)]
            for polygon in try S.stroke(svg, style, transform: t) {
                for p in polygon { #expect(p.x.isFinite && p.y.isFinite, "\(svg)") }
            }
        }
    }
}

extension SplitMix64 {
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// A coordinate from a small set, so points often coincide or line up.
    mutating func coord() -> Int { [0, 5, 10, 10, 50, 100][int(6)] + int(2) }
}
