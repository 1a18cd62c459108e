import Testing
@testable import Lamina

/// Keyframe `calculationMode` paced and cubic, `timingFunctions` per segment, and the `transform.` key
/// paths (SCENE_FORMAT.md "More animations (v1.3)"), against values worked out by hand.
@Suite struct KeyframeModeAndTransformPathTests {
    static func keyframes(_ path: AnimationKeyPath, _ values: [AnimationValue], _ mode: Animation.CalculationMode,
                          keyTimes: [Double]? = nil) -> Animation {
        Animation(keyPath: path, values: values, keyTimes: keyTimes, calculationMode: mode, duration: 1)
    }

    static func point(_ v: AnimationValue?) -> Point? {
        if case .point(let p) = v { return p }
        return nil
    }

    static func number(_ v: AnimationValue?) -> Double? {
        if case .number(let n) = v { return n }
        return nil
    }

    @Test func pacedKeyframesMoveEqualDistancesInEqualTimes() throws {
        // Legs of length 50 and 40: arc length 90·t; the key times given are ignored.
        let a = Self.keyframes(.position, [.point(Point(0, 0)), .point(Point(30, 40)), .point(Point(30, 0))], .paced,
                               keyTimes: [0, 0.9, 1])
        let m = AnimationValue.point(Point(0, 0))
        let q = try #require(Self.point(a.value(at: 0.25, model: m)))
        #expect(abs(q.x - 13.5) < 1e-9 && abs(q.y - 18) < 1e-9)
        let r = try #require(Self.point(a.value(at: 0.75, model: m)))
        #expect(abs(r.x - 30) < 1e-9 && abs(r.y - 22.5) < 1e-9)
        var last = Point(0, 0)
        for i in 1...19 {
            let p = try #require(Self.point(a.value(at: Double(i) / 20, model: m)))
            let step = ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
            #expect(abs(step - 4.5) < 1e-9 || i == 12, "step \(i): \(step)")
            last = p
        }
    }

    @Test func pacedProgressIsEasedByTheTimingFunction() throws {
        var a = Self.keyframes(.positionX, [.number(0), .number(10), .number(30)], .paced)
        a.timingFunction = .easeIn
        // easeIn's point at parameter ½ is (0.6575, 0.5): half the length, 15.
        #expect(abs(try #require(Self.number(a.value(at: 0.6575, model: .number(0)))) - 15) < 1e-9)
    }

    @Test func cubicKeyframesPassTheirValuesAndBendBetween() throws {
        let values: [AnimationValue] = [.number(0), .number(10), .number(20), .number(0)]
        let a = Self.keyframes(.positionX, values, .cubic, keyTimes: [0, 0.5, 0.75, 1])
        for (t, v) in [(0.0, 0.0), (0.5, 10.0), (0.75, 20.0)] {
            #expect(abs(try #require(Self.number(a.value(at: t, model: .number(0)))) - v) < 1e-12)
        }
        var end = a
        end.fillMode = .forwards
        #expect(Self.number(end.value(at: 1, model: .number(0))) == 0)
        // Segment 1 at s = ½ (h = 0.25): tangents 20/0.75 and −10/0.5; ½·10 + ⅛·h·26.67 + ½·20 − ⅛·h·(−20).
        let inner: Double = 15 + 0.25 / 8 * (80.0 / 3) + 0.25 / 8 * 20
        let atInner = try #require(Self.number(a.value(at: 0.625, model: .number(0))))
        #expect(abs(atInner - inner) < 1e-9)
        // Segment 0 at s = ½ (h = 0.5): the end tangent is the chord's slope 20.
        let first: Double = 5 + 0.5 / 8 * 20 - 0.5 / 8 * (80.0 / 3)
        let atFirst = try #require(Self.number(a.value(at: 0.25, model: .number(0))))
        #expect(abs(atFirst - first) < 1e-9)
    }

    @Test func timingFunctionsEaseEachSegment() throws {
        var a = Self.keyframes(.positionX, [.number(0), .number(10), .number(20)], .linear)
        a.timingFunctions = [.easeIn, .linear]
        #expect(abs(try #require(Self.number(a.value(at: 0.32875, model: .number(0)))) - 5) < 1e-9)
        #expect(abs(try #require(Self.number(a.value(at: 0.75, model: .number(0)))) - 15) < 1e-12)
        a.timingFunctions = [.easeIn]
        #expect(throws: AnimationError.timingFunctionsCount(expected: 2, got: 1)) { try a.validate() }
    }

    /// The model's transform: translation (5, 6), scales 2 and 3, rotation 0.3.
    static func model() -> Layer {
        var d = DecomposedTransform(.identity)
        d.translateX = 5; d.translateY = 6; d.scaleX = 2; d.scaleY = 3; d.angle = 0.3
        var l = Layer()
        l.affineTransform = d.transform
        return l
    }

    static func close(_ a: AffineTransform, _ b: AffineTransform) -> Bool {
        [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func transformKeyPathsReplaceOneComponentAndComposeInOrder() {
        var l = Self.model()
        l.animations = [
            Animation(keyPath: .transformRotation, from: .number(0), to: .number(1), duration: 1),
            Animation(keyPath: .transformScaleX, to: .number(4), duration: 1),
            Animation(keyPath: .transformTranslation, from: .size(Size(1, 2)), to: .size(Size(1, 2)), duration: 1),
        ]
        var expected = DecomposedTransform(Self.model().affineTransform)
        expected.angle = 0.5; expected.scaleX = 3; expected.translateX = 1; expected.translateY = 2
        #expect(Self.close(l.presentation(at: 0.5).affineTransform, expected.transform))
    }

    @Test func transformScaleReadsTheMeanAndSetsBoth() {
        #expect(AnimationKeyPath.transformScale.value(of: Self.model()) == .number(2.5))
        var l = Self.model()
        l.animations = [Animation(keyPath: .transformScale, to: .number(5), duration: 1)]
        var expected = DecomposedTransform(Self.model().affineTransform)
        expected.scaleX = 3.75; expected.scaleY = 3.75
        #expect(Self.close(l.presentation(at: 0.5).affineTransform, expected.transform))
    }

    @Test func eachComponentKeyPathReadsItsComponent() {
        let m = Self.model()
        let reads: [(AnimationKeyPath, AnimationValue)] = [
            (.transformRotation, .number(0.3)), (.transformRotationZ, .number(0.3)), (.transformScaleX, .number(2)),
            (.transformScaleY, .number(3)), (.transformTranslation, .size(Size(5, 6))),
            (.transformTranslationX, .number(5)), (.transformTranslationY, .number(6)),
        ]
        for (path, value) in reads {
            let got = path.value(of: m)
            #expect(zip(got.components, value.components).allSatisfy { abs($0 - $1) < 1e-12 }, "\(path.rawValue): \(got)")
            var l = m
            l.animations = [Animation(keyPath: path, duration: 1)]
            #expect(Self.close(l.presentation(at: 0.5).affineTransform, m.affineTransform), "\(path.rawValue): model from and to")
        }
    }
}
