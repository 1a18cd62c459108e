import Lamina

extension ExampleAssets {
    /// The large, detailed image of Figure 4.14 (512×512, opaque): a colored zone plate whose rings
    /// approach the pixel grid's limit at its rim, a 1-px line grid around it, diagonal hatching, and
    /// rows of small pixel-font text at the bottom — detail that aliases with nearest-neighbour
    /// minification, softens with linear, and averages out smoothly with trilinear.
    @Sendable public static func detailed() -> Bitmap {
        let side = Double(detailedSide)
        let cx = side / 2, cy = 0.39 * side
        let plateRadius = 0.37 * side
        let k = Double.pi / (2 * plateRadius / 0.95)
        var canvas = AssetCanvas(width: detailedSide, height: detailedSide, fill: .white)

        let grid = Color(red: 0.35, green: 0.40, blue: 0.55)
        canvas.shade { x, y in
            let px = Int(x), py = Int(y)
            if py >= 400 { return nil }
            if px % 4 == 0 || py % 4 == 0 { return grid }
            return (px + py) % 6 < 1 ? Color(red: 0.85, green: 0.30, blue: 0.25) : nil
        }
        let dark = Color(red: 0.05, green: 0.10, blue: 0.30)
        let light = Color(red: 1.0, green: 0.88, blue: 0.45)
        canvas.shade { x, y in
            let r2 = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            let alpha = SignedDistance.coverage(r2.squareRoot() - plateRadius)
            guard alpha > 0 else { return nil }
            let value = 0.5 + 0.5 * LaminaMath.cos(k * r2)
            return dark.mixed(with: light, amount: value).withAlphaMultiplied(by: alpha)
        }
        canvas.draw(Color(red: 0.80, green: 0.10, blue: 0.12)) { x, y in
            let outer = SignedDistance.box(x, y, x0: 0, y0: 0, x1: side, y1: side)
            return SignedDistance.coverage(-outer - 2)
        }
        let lines = [
            "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789 LAMINA RENDERS LAYER TREES 2014",
            "SCALING FILTERS: LINEAR NEAREST TRILINEAR. MINIFICATION AND MAGNIFICATION OF IMAGES.",
            "CORE ANIMATION DRAWS LAYERS: BORDERS SHADOWS MASKS AND GROUP OPACITY. VISUAL EFFECTS",
            "1234567890 ABCDEFGHIJKLMNOPQRSTUVWXYZ 0987654321 ZYXWVUTSRQPONMLKJIHGFEDCBA 1357924680",
        ]
        for row in 0..<13 {
            let text = lines[row % lines.count]
            PixelFont.draw(text, into: &canvas, x: 6 - (row % 3) * 2, y: 404 + row * 8, pixelSize: 1,
                           color: row % 2 == 0 ? .black : Color(red: 0.10, green: 0.20, blue: 0.60))
        }
        return canvas.bitmap()
    }
}
