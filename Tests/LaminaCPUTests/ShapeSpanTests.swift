import Lamina
import Testing
@testable import LaminaCPU

/// `ShapeCoverage.spans(row:)` answers rows along the straight sides from a per-half cache; it must
/// give exactly what the per-row computation gives, on every row.
@Suite struct ShapeSpanTests {
    static let shapes: [RoundedRect] = [
        RoundedRect(rect: Rect(10.3, 5.7, 120, 80), cornerRadius: 12),
        RoundedRect(rect: Rect(0, 0, 64, 48), cornerRadius: 0),
        RoundedRect(rect: Rect(3.5, 2.25, 40, 30), cornerRadius: 15),
        RoundedRect(rect: Rect(7.1, 9.9, 50, 21), cornerRadius: 10.5, curve: .continuous),
        RoundedRect(rect: Rect(1.2, 3.4, 30, 3), cornerRadius: 1.5),
        RoundedRect(rect: Rect(5, 5, 0.6, 0.4), cornerRadius: 0.2),
        RoundedRect(rect: Rect(2.5, 4.5, 90, 60), radii: CornerRadii(topLeft: 20, topRight: 0.3, bottomRight: 8, bottomLeft: 0)),
        RoundedRect(rect: Rect(2.5, 4.5, 90, 60), radii: CornerRadii(topLeft: 0, topRight: 14, bottomRight: 0, bottomLeft: 25),
                    curve: .continuous),
    ]

    static let transforms: [AffineTransform] = [
        .identity, .translation(0.37, 11.61), .scale(2, 2), .scale(0.5, 0.75).concatenating(.translation(3.3, 1.1)),
        .scale(-1, 1).concatenating(.translation(200, 0)), .scale(1, -1.5).concatenating(.translation(0, 150)),
    ]

    @Test func cachedSpansEqualPerRowSpans() throws {
        for shape in Self.shapes {
            for t in Self.transforms {
                let c = try #require(ShapeCoverage(shape: shape, transform: t))
                for y in (c.bounds.y0 - 2)..<(c.bounds.y1 + 2) {
                    let a = c.spans(row: y), b = c.uncachedSpans(row: y)
                    #expect(a.outer == b.outer && a.inner == b.inner, "\(shape) \(t) row \(y)")
                }
            }
        }
    }

    /// Under rotations and skews the spans come from local boxes (`TransformedSpans`): every pixel left of
    /// `outer` has coverage 0 and every pixel of `inner` has coverage 1, and `inner` is not empty on the
    /// rows through the middle of a shape many pixels across.
    @Test func transformedSpansBoundTheCoverage() throws {
        let turns: [AffineTransform] = [
            .rotation(0.3), .rotation(-1.2).concatenating(.translation(90, 140)), .rotation(.pi / 4).concatenating(.scale(1.7, 1.7)),
            AffineTransform(a: 1, b: 0.2, c: -0.45, d: 0.9, tx: 60.3, ty: 7.9), .rotation(2.5).concatenating(.translation(160, 170)),
        ]
        for shape in Self.shapes {
            for t in turns {
                let c = try #require(ShapeCoverage(shape: shape, transform: t))
                for y in c.bounds.y0..<c.bounds.y1 {
                    let spans = c.spans(row: y)
                    #expect(spans.inner.isEmpty || (spans.inner.lowerBound >= spans.outer.lowerBound && spans.inner.upperBound <= spans.outer.upperBound))
                    for x in (c.bounds.x0 - 1)...(c.bounds.x1 + 1) {
                        let coverage = c.coverage(x: x, y: y)
                        if !spans.outer.contains(x) { #expect(coverage == 0, "\(shape) \(t) pixel \(x), \(y) outside outer") }
                        if spans.inner.contains(x) { #expect(coverage == 1, "\(shape) \(t) pixel \(x), \(y) in inner") }
                    }
                }
                if shape.rect.width * t.meanScale > 20 && shape.rect.height * t.meanScale > 20 {
                    let middle = t.apply(Point(shape.rect.midX, shape.rect.midY))
                    #expect(!c.spans(row: Int(middle.y)).inner.isEmpty, "\(shape) \(t): a solid middle row")
                }
            }
        }
    }

    /// A shape whose pixel span lies wholly past ±1e9 px (a 1×1 offscreen drawn at a scale of 6e26, as
    /// fuzzing produced) gives empty or clamped ranges instead of a range with reversed bounds (a trap).
    @Test func spansFarPastTheWorkingRangeStayOrdered() throws {
        let far = AffineTransform(a: 6.044629098073146e26, b: 0, c: 0, d: 6.044629098073146e26, tx: -64000, ty: 174000)
        for t in [far, .scale(-6e26, 6e26), .translation(3e9, -3e9), .translation(-3e9, 3e9)] {
            let c = try #require(ShapeCoverage(shape: RoundedRect(rect: Rect(0, 0, 1, 1), cornerRadius: 0.25), transform: t))
            for y in [0, 79, c.bounds.y0, c.bounds.y1 - 1] {
                let spans = c.uncachedSpans(row: y)
                #expect(spans.outer.lowerBound <= spans.outer.upperBound && spans.inner.lowerBound <= spans.inner.upperBound)
            }
        }
    }
}
