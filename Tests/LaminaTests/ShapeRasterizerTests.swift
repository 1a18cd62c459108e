import Testing
@testable import Lamina

/// Fill and stroke masks of shape layers against analytic areas and the contract's dash, trim and hairline rules.
struct ShapeRasterizerTests {
    static let region = PixelRect(x: 0, y: 0, width: 120, height: 80)

    static func area(_ m: AlphaMask?) -> Double {
        (m?.alpha ?? []).reduce(0) { $0 + Double($1) } / 255
    }

    static func svg(_ d: String) throws -> Path { .svg(try SVGPath.parse(d), fillRule: .nonZero) }

    static func stroke(_ d: String, width: Double, cap: LineCap = .butt, join: LineJoin = .miter, dash: [Double]? = nil,
                       phase: Double = 0, start: Double = 0, end: Double = 1) throws -> ShapeContent {
        ShapeContent(path: try svg(d), fillColor: .clear, strokeColor: .black, lineWidth: width, lineCap: cap, lineJoin: join,
                     lineDashPattern: dash, lineDashPhase: phase, strokeStart: start, strokeEnd: end)
    }

    static func strokeArea(_ s: ShapeContent, transform: AffineTransform = .identity) throws -> Double {
        area(try ShapeRasterizer.strokeMask(s, transform: transform, region: region))
    }

    @Test func fillAreasMatchTheShapes() throws {
        let rect = ShapeContent(path: .rect(Rect(10.25, 10.5, 50.3, 20.7)))
        let a = Self.area(try ShapeRasterizer.fillMask(rect, transform: .identity, region: Self.region))
        #expect(abs(a - 50.3 * 20.7) / (50.3 * 20.7) < 0.005, "\(a)")
        let ellipse = ShapeContent(path: .ellipse(Rect(5, 5, 80, 50)))
        let e = Self.area(try ShapeRasterizer.fillMask(ellipse, transform: .identity, region: Self.region))
        #expect(abs(e - .pi * 40 * 25) / (.pi * 40 * 25) < 0.005, "\(e)")
        let turned = AffineTransform.rotation(0.4).concatenating(.scale(0.6, 0.6)).concatenating(.translation(40, 10))
        let t = Self.area(try ShapeRasterizer.fillMask(ellipse, transform: turned, region: Self.region))
        #expect(abs(t - .pi * 40 * 25 * 0.36) / (.pi * 40 * 25 * 0.36) < 0.005, "\(t)")
    }

    @Test func fillRuleAndClearFill() throws {
        let rings = try Self.svg("M 10 10 L 70 10 L 70 70 L 10 70 Z M 20 20 L 60 20 L 60 60 L 20 60 Z")
        let nonZero = ShapeContent(path: rings, fillRule: .nonZero)
        let evenOdd = ShapeContent(path: rings, fillRule: .evenOdd)
        #expect(abs(Self.area(try ShapeRasterizer.fillMask(nonZero, transform: .identity, region: Self.region)) - 3600) < 0.01)
        #expect(abs(Self.area(try ShapeRasterizer.fillMask(evenOdd, transform: .identity, region: Self.region)) - 2000) < 0.01)
        #expect(try ShapeRasterizer.fillMask(ShapeContent(path: rings, fillColor: .clear), transform: .identity, region: Self.region) == nil)
        #expect(try ShapeRasterizer.fillMask(ShapeContent(), transform: .identity, region: Self.region) == nil)
    }

    @Test func strokeWidthAndCaps() throws {
        let line = "M 10 20 L 90 20"
        #expect(abs(try Self.strokeArea(Self.stroke(line, width: 6)) - 480) < 0.1)
        #expect(abs(try Self.strokeArea(Self.stroke(line, width: 6, cap: .square)) - 516) < 0.1)
        let round = try Self.strokeArea(Self.stroke(line, width: 6, cap: .round))
        #expect(abs(round - (480 + .pi * 9)) / (480 + .pi * 9) < 0.002, "\(round)")
        // Width in bounds points scales with the transform.
        #expect(abs(try Self.strokeArea(Self.stroke("M 5 10 L 45 10", width: 3), transform: .scale(2, 2)) - 480) < 0.1)
    }

    @Test func dashesContinueAcrossSubpathsWithThePhase() throws {
        // Whole length 60; on intervals [0, 5], [15, 25], [35, 45], [55, 60]: the second line is dashed from its local 5, not from 0.
        let s = try Self.stroke("M 10 10 L 40 10 M 10 30 L 40 30", width: 2, dash: [10, 10], phase: 5)
        let m = try #require(try ShapeRasterizer.strokeMask(s, transform: .identity, region: Self.region))
        for x in 5..<45 {
            #expect(m[x, 9] == ((10..<15).contains(x) || (25..<35).contains(x) ? 255 : 0), "first x=\(x)")
            #expect(m[x, 29] == ((15..<25).contains(x) || (35..<40).contains(x) ? 255 : 0), "second x=\(x)")
        }
        #expect(abs(Self.area(m) - 60) < 0.01)
    }

    @Test func trimsKeepTheirFractionWithCapsAtTheCuts() throws {
        let line = "M 10 10 L 90 10"
        #expect(abs(try Self.strokeArea(Self.stroke(line, width: 4, start: 0.25, end: 0.75)) - 160) < 0.1)
        let round = try Self.strokeArea(Self.stroke(line, width: 4, cap: .round, start: 0.25, end: 0.75))
        #expect(abs(round - (160 + .pi * 4)) < 0.5, "\(round)")
        #expect(try ShapeRasterizer.strokeMask(Self.stroke(line, width: 4, start: 0.6, end: 0.6), transform: .identity, region: Self.region) == nil)
        #expect(try ShapeRasterizer.strokeMask(Self.stroke(line, width: 0), transform: .identity, region: Self.region) == nil)
        var clear = try Self.stroke(line, width: 4)
        clear.strokeColor = .clear
        #expect(try ShapeRasterizer.strokeMask(clear, transform: .identity, region: Self.region) == nil)
    }

    @Test func moveThenCloseIsAZeroLengthSubpath() throws {
        let round = try Self.strokeArea(Self.stroke("M 20.3 20.6 Z", width: 10, cap: .round))
        #expect(abs(round - .pi * 25) / (.pi * 25) < 0.005, "\(round)")
        #expect(abs(try Self.strokeArea(Self.stroke("M 20 20 Z", width: 10, cap: .square)) - 100) < 0.01)
        #expect(try ShapeRasterizer.strokeMask(Self.stroke("M 20 20 Z", width: 10), transform: .identity, region: Self.region) == nil)
    }

    @Test func hairlinesKeepInkProportionalToWidth() throws {
        let d = "M 10 10.3 L 90 30.7"
        let length = (80.0 * 80 + 20.4 * 20.4).squareRoot()
        let thin = try Self.strokeArea(Self.stroke(d, width: 0.25))
        #expect(abs(thin - 0.25 * length) / (0.25 * length) < 0.02, "\(thin) vs \(0.25 * length)")
        let scaled = try Self.strokeArea(Self.stroke("M 40 41.2 L 360 122.8", width: 1), transform: .scale(0.25, 0.25))
        #expect(abs(scaled - 0.25 * length) / (0.25 * length) < 0.02, "\(scaled)")
    }

    @Test func badStylesThrowStrokeErrors() throws {
        #expect(throws: StrokeError.zeroDashPattern) {
            try ShapeRasterizer.strokeMask(Self.stroke("M 0 0 L 10 0", width: 2, dash: [0, 0]), transform: .identity, region: Self.region)
        }
        #expect(throws: StrokeError.invalidLineWidth(-1)) {
            try ShapeRasterizer.strokeMask(Self.stroke("M 0 0 L 10 0", width: -1), transform: .identity, region: Self.region)
        }
    }

    @Test func deviceBoundsHoldEverythingDrawn() throws {
        let star = "M 60 5 L 73 45 L 115 45 L 81 70 L 94 110 L 60 85 L 26 110 L 39 70 L 5 45 L 47 45 Z"
        let transform = AffineTransform.scale(0.6, 0.6).concatenating(.translation(10.5, 13))
        for (cap, join) in [(LineCap.butt, LineJoin.miter), (.square, .bevel), (.round, .round)] {
            var s = try Self.stroke(star, width: 8, cap: cap, join: join)
            s.fillColor = .black
            let box = try #require(ShapeRasterizer.deviceBounds(s, transform: transform))
            let m = try #require(try ShapeRasterizer.strokeMask(s, transform: transform, region: PixelRect(x: 0, y: 0, width: 120, height: 100)))
            var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
            for y in 0..<m.height { for x in 0..<m.width where m[x, y] != 0 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
            } }
            let ink = Rect(minX: Double(x0), minY: Double(y0), maxX: Double(x1), maxY: Double(y1))
            #expect(box.integralOutset.contains(ink), "\(box) \(ink)")
            #expect(box.width <= ink.width && box.height <= ink.height && box.width > ink.width - 2, "\(box) \(ink)")
        }
        var bad = try Self.stroke(star, width: 8, dash: [0.0001, 0.0001])  // too many dashes to outline
        bad.miterLimit = 3
        let wide = try #require(ShapeRasterizer.deviceBounds(bad, transform: .identity))
        #expect(wide == Rect(minX: 5 - 12, minY: 5 - 12, maxX: 115 + 12, maxY: 110 + 12))
        #expect(ShapeRasterizer.deviceBounds(ShapeContent(), transform: .identity) == nil)
        let fillOnly = ShapeContent(path: .rect(Rect(1, 2, 3, 4)))
        #expect(ShapeRasterizer.deviceBounds(fillOnly, transform: .identity) == Rect(1, 2, 3, 4))
        #expect(ShapeRasterizer.deviceBounds(ShapeContent(path: .rect(Rect(1, 2, 3, 4)), fillColor: .clear), transform: .identity) == nil)
    }
}
