import Lamina
import Testing

/// `ShadowMath.coverage` against a brute-force convolution of the rounded rectangle with a Gaussian.
@Suite struct ShadowMathAccuracyTests {
    /// Reference: the shape's indicator on a fine grid of rows (midpoint rule, `rowsPerSigma` rows per σ
    /// and at least 20 per pixel), each row's span integrated exactly along x, weighted by the Gaussian in y.
    static func reference(at p: Point, of shape: RoundedRect, sigma: Double) -> Double {
        let r = shape.rect
        let y0 = max(r.minY, p.y - 7 * sigma), y1 = min(r.maxY, p.y + 7 * sigma)
        guard y1 > y0 else { return 0 }
        let h = min(sigma / 200, 0.05)
        let n = Int(((y1 - y0) / h).rounded(.up))
        let step = (y1 - y0) / Double(n)
        var sum = 0.0
        for i in 0..<n {
            let y = y0 + (Double(i) + 0.5) * step
            let (a, b) = span(of: shape, atY: y)
            guard b > a else { continue }
            let g = LaminaMath.exp(-(p.y - y) * (p.y - y) / (2 * sigma * sigma)) / (sigma * (2 * Double.pi).squareRoot())
            sum += g * ShadowMath.segment(p.x, a, b, sigma: sigma) * step
        }
        return sum
    }

    /// The x interval of a circular-cornered rounded rectangle at height y.
    static func span(of s: RoundedRect, atY y: Double) -> (Double, Double) {
        let r = s.rect
        func inset(_ radius: Double, _ dy: Double) -> Double {
            guard radius > 0, dy < radius else { return 0 }
            let u = radius - dy
            return radius - max(radius * radius - u * u, 0).squareRoot()
        }
        let top = y < r.midY
        let dy = top ? y - r.minY : r.maxY - y
        let left = inset(top ? s.radii.topLeft : s.radii.bottomLeft, dy)
        let right = inset(top ? s.radii.topRight : s.radii.bottomRight, dy)
        return (r.minX + left, r.maxX - right)
    }

    @Test(arguments: [(1.0, 4.0), (2.0, 10.0), (3.0, 20.0), (5.0, 5.0), (5.0, 40.0), (10.0, 20.0), (20.0, 30.0), (1.5, 50.0)])
    func closedFormMatchesBruteForce(sigma: Double, radius: Double) {
        let shape = RoundedRect(rect: Rect(0, 0, 160, 120), cornerRadius: radius)
        var worst = 0.0
        var at = Point.zero
        // Points around the top-left corner (the others are mirror images) and along the edges.
        let reach = 4 * sigma + 2
        var y = -reach
        while y <= radius + reach {
            var x = -reach
            while x <= radius + reach {
                let p = Point(x, y)
                let e = abs(ShadowMath.coverage(at: p, of: shape, sigma: sigma) - Self.reference(at: p, of: shape, sigma: sigma))
                if e > worst { worst = e; at = p }
                x += (radius + 2 * reach) / 23
            }
            y += (radius + 2 * reach) / 19
        }
        print("ShadowMath σ=\(sigma) r=\(radius): max |error| = \(worst * 255)/255 at \(at)")
        #expect(worst * 255 <= 2)
    }
}
