import Lamina

extension ExampleAssets {
    /// An icon-like snowman on a transparent 256×256 background (Figures 4.4, 4.7 and 4.11): three
    /// outlined snowballs, a top hat, stick arms, a scarf, coal eyes and buttons and a carrot nose.
    /// Its alpha is what a contents-following shadow traces; its bounds are what a border follows.
    @Sendable public static func snowman() -> Bitmap {
        var canvas = AssetCanvas(width: photoSide, height: photoSide)
        let outline = Color(red: 0.45, green: 0.52, blue: 0.62)
        let stick = Color(red: 0.42, green: 0.27, blue: 0.14)
        let coal = Color(red: 0.12, green: 0.12, blue: 0.14)
        let balls: [(cx: Double, cy: Double, r: Double)] = [(128, 200, 48), (128, 128, 38), (128, 68, 29)]

        func snowDistance(_ x: Double, _ y: Double) -> Double {
            balls.map { SignedDistance.circle(x, y, cx: $0.cx, cy: $0.cy, r: $0.r) }.min()!
        }
        func arm(_ a: (Double, Double), _ b: (Double, Double), _ twig: (Double, Double), _ twigEnd: (Double, Double)) {
            canvas.draw(stick) { x, y in
                let d = min(SignedDistance.segment(x, y, a, b) - 3, SignedDistance.segment(x, y, twig, twigEnd) - 2)
                return SignedDistance.coverage(d)
            }
        }

        arm((96, 120), (34, 86), (52, 96), (40, 70))
        arm((160, 120), (222, 90), (204, 99), (220, 74))
        canvas.draw(outline) { x, y in SignedDistance.coverage(snowDistance(x, y)) }
        canvas.shade { x, y in
            let alpha = SignedDistance.coverage(snowDistance(x, y) + 3)
            guard alpha > 0 else { return nil }
            let ball = balls.min { SignedDistance.circle(x, y, cx: $0.cx, cy: $0.cy, r: $0.r) < SignedDistance.circle(x, y, cx: $1.cx, cy: $1.cy, r: $1.r) }!
            let lx = (x - ball.cx) / ball.r + 0.35, ly = (y - ball.cy) / ball.r + 0.35
            let shade = max(0, min(1, (lx * lx + ly * ly).squareRoot() - 0.6))
            let snow = Color(white: 1).mixed(with: Color(red: 0.80, green: 0.86, blue: 0.95), amount: shade)
            return snow.withAlphaMultiplied(by: alpha)
        }
        canvas.draw(Color(red: 0.85, green: 0.16, blue: 0.18)) { x, y in
            let band = SignedDistance.box(x, y, x0: 98, y0: 92, x1: 158, y1: 104, radius: 6)
            let tail = SignedDistance.box(x, y, x0: 140, y0: 96, x1: 152, y1: 136, radius: 4)
            return SignedDistance.coverage(min(band, tail))
        }
        for (cx, cy, r) in [(118.0, 62.0, 3.5), (138.0, 62.0, 3.5), (128.0, 118.0, 4.5), (128.0, 138.0, 4.5), (128.0, 188.0, 5.0)] {
            canvas.draw(coal) { x, y in SignedDistance.coverage(SignedDistance.circle(x, y, cx: cx, cy: cy, r: r)) }
        }
        canvas.draw(Color(red: 0.98, green: 0.55, blue: 0.12)) { x, y in
            SignedDistance.coverage(SignedDistance.polygon(x, y, [(128, 67), (128, 77), (156, 74)]))
        }
        canvas.draw(coal) { x, y in
            let crown = SignedDistance.box(x, y, x0: 106, y0: 6, x1: 150, y1: 44, radius: 2)
            let brim = SignedDistance.box(x, y, x0: 92, y0: 40, x1: 164, y1: 48, radius: 3)
            return SignedDistance.coverage(min(crown, brim))
        }
        canvas.draw(Color(red: 0.70, green: 0.12, blue: 0.16)) { x, y in
            SignedDistance.coverage(SignedDistance.box(x, y, x0: 106, y0: 32, x1: 150, y1: 39))
        }
        return canvas.bitmap()
    }
}
