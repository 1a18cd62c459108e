import Lamina
import Testing

@Suite("ContinuousCorner: Apple's three-Bézier corner")
struct ContinuousCornerTests {
    /// The whole corner outline plus a stretch of both edges, finely flattened, in units of the radius.
    static let outline: [Point] = {
        var points: [Point] = (0..<200).map { Point(3 - Double($0) * (3 - ContinuousCorner.extentFactor) / 200, 0) }
        for cubic in ContinuousCorner.cubics {
            points += (0...1500).map { ContinuousCorner.point(on: cubic, at: Double($0) / 1500) }
        }
        points += (0...200).map { Point(0, ContinuousCorner.extentFactor + Double($0) * (3 - ContinuousCorner.extentFactor) / 200) }
        return points
    }()

    @Test func theCurveIsJoinedSymmetricAndSpans1_528665() {
        let c = ContinuousCorner.cubics
        #expect(c.count == 3)
        #expect(c[0].3 == c[1].0 && c[1].3 == c[2].0)
        #expect(c[0].0 == Point(1.528665, 0) && c[2].3 == Point(0, 1.528665))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let a = ContinuousCorner.point(on: c[0], at: t), b = ContinuousCorner.point(on: c[2], at: 1 - t)
            #expect(abs(a.x - b.y) < 1e-12 && abs(a.y - b.x) < 1e-12)
        }
        #expect(abs(ContinuousCorner.diagonal - ContinuousCorner.point(on: c[1], at: 0.5).y) < 1e-12)
    }

    @Test func distanceMatchesTheOutlineNearIt() {
        var worstNear = 0.0, worstBand = 0.0
        for i in 0..<70 {
            for j in 0..<70 {
                let x = -0.2 + Double(i) * 0.027, y = -0.2 + Double(j) * 0.027
                let d = ContinuousCorner.signedDistance(x: x, y: y)
                let exact = Self.outline.map { ($0 - Point(x, y)).length }.min()!
                if abs(d) < 0.02 { worstNear = max(worstNear, abs(abs(d) - exact)) }
                if abs(d) < 0.06 { worstBand = max(worstBand, abs(abs(d) - exact)) }
                #expect((d < 0) == (x > 0 && y > 0 && Self.insideOutline(x, y)) || abs(d) < 1e-3, "sign at (\(x), \(y))")
            }
        }
        // In units of the radius; within 0.02 r of the outline the error is < 0.0005 r (0.004 px at r = 8 px).
        #expect(worstNear < 5e-4, "worst error within 0.02 r: \(worstNear)")
        #expect(worstBand < 1.5e-3, "worst error within 0.06 r: \(worstBand)")
    }

    /// Inside the corner region's outline: the point is beyond the curve from the corner (ray cast
    /// along the diagonal direction over the flattened outline).
    static func insideOutline(_ x: Double, _ y: Double) -> Bool {
        var crossings = 0
        let poly = outline + [Point(3, 3)]
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            if (a.y <= y) != (b.y <= y), x < a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x) { crossings += 1 }
        }
        return crossings % 2 == 1
    }

    @Test func roundedRectUsesTheCurveOnlyWhereItFits() {
        let fits = RoundedRect(rect: Rect(0, 0, 100, 80), cornerRadius: 20, curve: .continuous)
        #expect(ContinuousCorner.fits(radius: 20, in: fits.rect))
        #expect(RoundedRect.curveExtent(radius: 20, curve: .continuous, rect: fits.rect) == 20 * 1.528665)
        // On the diagonal of the top-left corner the outline passes 0.2915 r in from both edges.
        let onCurve = Point(20 * ContinuousCorner.diagonal, 20 * ContinuousCorner.diagonal)
        #expect(abs(fits.signedDistance(to: onCurve)) < 1e-6)
        let tight = RoundedRect(rect: Rect(0, 0, 100, 40), cornerRadius: 16, curve: .continuous)
        let circular = RoundedRect(rect: tight.rect, cornerRadius: 16, curve: .circular)
        #expect(!ContinuousCorner.fits(radius: 16, in: tight.rect))
        #expect(RoundedRect.curveExtent(radius: 16, curve: .continuous, rect: tight.rect) == 16)
        for p in [Point(2, 2), Point(4.7, 4.7), Point(1, 9), Point(95, 38)] {
            #expect(tight.signedDistance(to: p) == circular.signedDistance(to: p))
        }
    }
}
