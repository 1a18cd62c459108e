import Lamina

extension ExampleAssets {
    /// The photo-like image that Listing 4.5 masks: a sky gradient with a pale sun, snowy ground, and
    /// an igloo dome built of staggered blocks with a dark entrance, all with a fine fixed-seed grain.
    /// Fully opaque.
    @Sendable public static func igloo() -> Bitmap {
        let side = Double(photoSide)
        let horizon = 0.56 * side
        var canvas = AssetCanvas(width: photoSide, height: photoSide)

        let skyTop = Color(red: 0.20, green: 0.42, blue: 0.78)
        let skyHorizon = Color(red: 0.74, green: 0.86, blue: 0.97)
        let snowFar = Color(red: 0.84, green: 0.89, blue: 0.96)
        let snowNear = Color(red: 0.97, green: 0.98, blue: 1.0)
        canvas.shade { x, y in
            if y < horizon { return skyTop.mixed(with: skyHorizon, amount: y / horizon) }
            let t = (y - horizon) / (side - horizon)
            let drift = 0.04 * LaminaMath.sin(x / 23 + 1.3) + 0.03 * LaminaMath.sin(x / 9.5)
            return snowFar.mixed(with: snowNear, amount: t + drift)
        }
        let hills = { (x: Double, y: Double) -> Double in
            let ridge = horizon - 10 - 8 * LaminaMath.sin(x / 31) - 5 * LaminaMath.sin(x / 13 + 2)
            return SignedDistance.coverage(ridge - y) * (y < horizon + 2 ? 1 : 0)
        }
        canvas.draw(Color(red: 0.80, green: 0.86, blue: 0.94), coverage: hills)
        canvas.draw(Color(red: 1.0, green: 0.97, blue: 0.85, alpha: 0.35)) { x, y in
            SignedDistance.coverage(SignedDistance.circle(x, y, cx: 0.80 * side, cy: 0.16 * side, r: 30), feather: 24)
        }
        canvas.draw(Color(red: 1.0, green: 0.98, blue: 0.90)) { x, y in
            SignedDistance.coverage(SignedDistance.circle(x, y, cx: 0.80 * side, cy: 0.16 * side, r: 14))
        }
        drawIgloo(into: &canvas, side: side)
        canvas.shade { x, y in
            let n = PixelNoise.value(x: Int(x), y: Int(y), seed: 0x1617_0045) - 0.5
            return n > 0 ? Color(white: 1, alpha: 0.07 * n) : Color(white: 0, alpha: -0.07 * n)
        }
        return canvas.bitmap()
    }

    private static func drawIgloo(into canvas: inout AssetCanvas, side: Double) {
        let cx = 0.5 * side, base = 0.80 * side
        let rx = 0.36 * side, ry = 0.34 * side
        let courseHeight = ry / 6
        let blockLine = Color(red: 0.55, green: 0.63, blue: 0.76)

        canvas.draw(Color(red: 0.45, green: 0.55, blue: 0.72, alpha: 0.35)) { x, y in
            SignedDistance.coverage(SignedDistance.ellipse(x, y, cx: cx + 14, cy: base + 4, rx: rx + 22, ry: 14), feather: 6)
        }
        canvas.shade { x, y in
            let dome = max(SignedDistance.ellipse(x, y, cx: cx, cy: base, rx: rx, ry: ry), y - base)
            let alpha = SignedDistance.coverage(dome)
            guard alpha > 0 else { return nil }
            let nx = (x - cx) / rx, ny = (base - y) / ry
            let light = 0.80 + 0.2 * max(0, -0.6 * nx + 0.8 * ny)
            var color = Color(red: 0.93, green: 0.95, blue: 0.99).brightened(by: light)
            let course = (base - y) / courseHeight
            let rowIndex = Int(course.rounded(.down))
            let horizontalLine = abs(course - course.rounded()) * courseHeight
            let halfWidth = rx * max(0.05, (1 - (Double(rowIndex) + 0.5) * (Double(rowIndex) + 0.5) / 36).squareRoot())
            let blocks = max(2.0, (halfWidth / 14).rounded())
            let u = (x - cx) / halfWidth * blocks + (rowIndex % 2 == 0 ? 0 : 0.5)
            let verticalLine = abs(u - u.rounded()) * halfWidth / blocks
            let ink = max(SignedDistance.coverage(horizontalLine - 0.9), SignedDistance.coverage(verticalLine - 0.8))
            color = color.mixed(with: blockLine, amount: ink)
            return color.withAlphaMultiplied(by: alpha)
        }
        let doorX = cx + 0.10 * side
        canvas.shade { x, y in
            let arch = max(SignedDistance.ellipse(x, y, cx: doorX, cy: base, rx: 34, ry: 40), y - base)
            let alpha = SignedDistance.coverage(arch)
            guard alpha > 0 else { return nil }
            let ring = SignedDistance.ellipse(x, y, cx: doorX, cy: base, rx: 24, ry: 29)
            let inside = SignedDistance.coverage(ring)
            let frame = Color(red: 0.88, green: 0.92, blue: 0.98)
            let dark = Color(red: 0.12, green: 0.16, blue: 0.28).mixed(with: Color(red: 0.25, green: 0.30, blue: 0.45), amount: (base - y) / 40)
            var color = frame.mixed(with: dark, amount: inside)
            let angle = LaminaMath.atan2(base - y, x - doorX) / .pi * 5
            let joint = abs(angle - angle.rounded()) * 30
            color = color.mixed(with: blockLine, amount: (1 - inside) * SignedDistance.coverage(joint - 0.9))
            return color.withAlphaMultiplied(by: alpha)
        }
    }
}
