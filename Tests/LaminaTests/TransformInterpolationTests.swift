import Testing
@testable import Lamina

/// `affineTransform` interpolation: CSS Transforms' 2-D decomposition into translation, rotation, scale
/// and skew, the shorter way round.
@Suite struct TransformInterpolationTests {
    static func close(_ t: AffineTransform, _ u: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
        [t.a - u.a, t.b - u.b, t.c - u.c, t.d - u.d, t.tx - u.tx, t.ty - u.ty].allSatisfy { abs($0) < tolerance }
    }

    static func degrees(_ d: Double) -> Double { d * Double.pi / 180 }

    @Test func decompositionRecomposesTheSameMatrix() {
        let samples = [
            AffineTransform.identity, .rotation(2), .scale(-2, 3), .scale(0.5, -0.25),
            AffineTransform(a: 1, b: 0.3, c: -0.7, d: 2, tx: 5, ty: -6),
            AffineTransform(a: -1, b: 0.5, c: 0.25, d: 1.5, tx: 0, ty: 9),
            AffineTransform.rotation(1).concatenating(.scale(2, 1)).concatenating(.translation(3, 4)),
        ]
        for t in samples {
            #expect(Self.close(DecomposedTransform(t).transform, t), "\(t)")
        }
    }

    @Test func rotationTakesTheShorterWay() {
        let mid = DecomposedTransform.interpolate(.rotation(Self.degrees(170)), .rotation(Self.degrees(-170)), 0.5)
        #expect(Self.close(mid, .rotation(Double.pi)), "through 180°, not through 0°: \(mid)")
        let quarter = DecomposedTransform.interpolate(.rotation(Self.degrees(10)), .rotation(Self.degrees(350)), 0.25)
        #expect(Self.close(quarter, .rotation(Self.degrees(5))), "\(quarter)")
        let fromIdentity = DecomposedTransform.interpolate(.identity, .rotation(Self.degrees(-90)), 0.5)
        #expect(Self.close(fromIdentity, .rotation(Self.degrees(-45))), "\(fromIdentity)")
    }

    @Test func pureScaleInterpolatesEachAxis() {
        #expect(Self.close(DecomposedTransform.interpolate(.identity, .scale(3, 5), 0.5), .scale(2, 3)))
        #expect(Self.close(DecomposedTransform.interpolate(.scale(2, 2), .scale(2, -2), 0.25), .scale(2, 1)))
    }

    @Test func translateAndRotateInterpolateApart() {
        let end = AffineTransform.rotation(Double.pi / 2).concatenating(.translation(10, 20))
        let mid = DecomposedTransform.interpolate(.identity, end, 0.5)
        #expect(Self.close(mid, AffineTransform.rotation(Double.pi / 4).concatenating(.translation(5, 10))), "\(mid)")
    }

    @Test func oppositeFlipsBecomeARotation() {
        // scale(−1, 1) → scale(1, −1): the first is re-expressed as scale(1, −1) rotated by −180°,
        // so halfway is scale(1, −1) after a −90° rotation.
        let mid = DecomposedTransform.interpolate(.scale(-1, 1), .scale(1, -1), 0.5)
        #expect(Self.close(mid, AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: 0, ty: 0)), "\(mid)")
    }

    @Test func endsAreExact() {
        let a = AffineTransform(a: 1, b: 0.3, c: -0.7, d: 2, tx: 5, ty: -6), b = AffineTransform.rotation(3)
        #expect(DecomposedTransform.interpolate(a, b, 0) == a)
        #expect(DecomposedTransform.interpolate(a, b, 1) == b)
    }
}
