import Lamina
import Testing

/// CAShapeLayer and CAGradientLayer content on both backends: exact pixels where they can be computed by
/// hand, the content-shaped shadow, content as a mask, and live frames of an animated stroke.
@Suite struct ShapeAndGradientRenderingTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    static func shape(_ frame: Rect, _ s: ShapeContent, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        Harness.layer(frame) { $0.shape = s; configure(&$0) }
    }

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int { IncrementalPropertyTests.maxDifference(a, b) }

    @Test(arguments: Harness.backends) func aFilledRectIsTheSameAsABackground(_ backend: String) throws {
        let filled = Harness.scene(60, 40, [Self.shape(Rect(0, 0, 60, 40), ShapeContent(path: .rect(Rect(10.5, 5, 30, 20)), fillColor: Self.red))])
        let background = Harness.scene(60, 40, [Harness.layer(Rect(10.5, 5, 30, 20)) { $0.backgroundColor = Self.red }])
        let a = try Harness.render(filled, on: backend), b = try Harness.render(background, on: backend)
        #expect(Self.maxDifference(a, b) <= 1)
        #expect(a.rgba(20, 10) == [255, 0, 0, 255])
        #expect((127...128).contains(a.rgba(10, 10)[1]), "a half-covered edge pixel: \(a.rgba(10, 10))")
    }

    @Test(arguments: Harness.backends) func aStrokeCoversItsWidthAndButtCapsStopAtTheEnds(_ backend: String) throws {
        let line = ShapeContent(path: .svg(try SVGPath.parse("M10 20 L50 20"), fillRule: .nonZero), fillColor: .clear,
                                strokeColor: .black, lineWidth: 2)
        let bitmap = try Harness.render(Harness.scene(60, 40, [Self.shape(Rect(0, 0, 60, 40), line)]), on: backend)
        for x in [10, 30, 49] {
            #expect(bitmap.rgba(x, 19) == [0, 0, 0, 255] && bitmap.rgba(x, 20) == [0, 0, 0, 255], "x \(x): \(bitmap.rgba(x, 19)) \(bitmap.rgba(x, 20))")
            #expect(bitmap.rgba(x, 18) == [255, 255, 255, 255] && bitmap.rgba(x, 21) == [255, 255, 255, 255], "x \(x)")
        }
        #expect(bitmap.rgba(9, 19) == [255, 255, 255, 255] && bitmap.rgba(50, 19) == [255, 255, 255, 255])
    }

    @Test func shapesAgreeOnBothBackendsUnderTransformsDashesAndTrims() throws {
        let star = try SVGPath.parse("M45 2 L71 83 L2 33 L88 33 L19 83 Z")
        var layers: [Layer] = []
        for (i, join) in LineJoin.allCases.enumerated() {
            layers.append(Self.shape(Rect(Double(i) * 95, 0, 90, 90), ShapeContent(
                path: .svg(star, fillRule: .nonZero), fillColor: Color(red: 1, green: 0.8, blue: 0, alpha: 0.7), fillRule: .evenOdd,
                strokeColor: .black, lineWidth: 3, lineCap: .round, lineJoin: join, lineDashPattern: [9, 4], lineDashPhase: 2,
                strokeStart: 0.1, strokeEnd: 0.85)) {
                    $0.affineTransform = AffineTransform(a: 0.9, b: 0.3, c: -0.3, d: 0.9, tx: 0, ty: 0)
                    $0.shadowOpacity = 0.5
                })
        }
        let scene = Harness.scene(300, 110, layers)
        let gpu = try Harness.render(scene, on: "gpu"), cpu = try Harness.render(scene, on: "cpu")
        #expect(Self.maxDifference(gpu, cpu) <= 1)
    }

    @Test(arguments: Harness.backends) func anAxialGradientRampsAcrossTheBounds(_ backend: String) throws {
        let g = Harness.layer(Rect(0, 0, 256, 4)) {
            $0.gradient = GradientContent(colors: [.black, .white], startPoint: Point(0, 0.5), endPoint: Point(1, 0.5))
        }
        let bitmap = try Harness.render(Harness.scene(256, 4, [g]), on: backend)
        for x in [0, 1, 64, 127, 128, 200, 255] {
            let expected = (Double(x) + 0.5) / 256 * 255
            #expect(abs(Double(bitmap.rgba(x, 2)[0]) - expected) <= 1, "x \(x): \(bitmap.rgba(x, 2))")
        }
    }

    @Test(arguments: Harness.backends) func aGradientMaskFadesAnImage(_ backend: String) throws {
        let photo = Harness.layer(Rect(0, 0, 100, 100)) {
            $0.backgroundColor = Self.red
            $0.mask = Harness.layer(Rect(0, 0, 100, 100)) { $0.gradient = GradientContent(colors: [.black, .clear]) }
        }
        let bitmap = try Harness.render(Harness.scene(100, 100, [photo]), on: backend)
        #expect(bitmap.rgba(50, 0)[1] <= 3 && bitmap.rgba(50, 0)[0] == 255)
        #expect(bitmap.rgba(50, 99) == [255, 255, 255, 255] || bitmap.rgba(50, 99)[1] >= 250)
        let middle = bitmap.rgba(50, 50)[1]
        #expect(abs(middle - 127) <= 2, "half-way: \(bitmap.rgba(50, 50))")
    }

    @Test(arguments: Harness.backends) func aShapesShadowFollowsItsOutline(_ backend: String) throws {
        let dot = Self.shape(Rect(20, 20, 40, 40), ShapeContent(path: .ellipse(Rect(0, 0, 40, 40)), fillColor: Self.red)) {
            $0.shadowOpacity = 1; $0.shadowOffset = Size(0, 30); $0.shadowRadius = 0
        }
        let bitmap = try Harness.render(Harness.scene(80, 100, [dot]), on: backend)
        #expect(bitmap.rgba(40, 85) == [0, 0, 0, 255])
        #expect(bitmap.rgba(22, 52) == [255, 255, 255, 255], "outside the circle's shadow, inside its bounds' box")
    }

    @Test(arguments: Harness.backends) func animatedStrokeEndRedrawsIncrementallyAsAFullFrame(_ backend: String) throws {
        let ring = ShapeContent(path: .ellipse(Rect(10, 10, 60, 60)), fillColor: .clear, strokeColor: Color(red: 0, green: 0.5, blue: 1),
                                lineWidth: 6, lineCap: .round)
        try Harness.expectIncrementalEqualsFull(on: backend, frames: 6) { n in
            var s = ring
            s.strokeEnd = Double(n) / 6
            return Harness.scene(160, 80, [Self.shape(Rect(0, 0, 80, 80), s), Harness.layer(Rect(90, 10, 60, 60)) { $0.backgroundColor = .black }])
        }
    }
}
