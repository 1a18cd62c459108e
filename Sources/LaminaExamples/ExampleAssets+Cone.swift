import Lamina

extension ExampleAssets {
    /// The mask of Listing 4.5: an ice-cream cone (a scoop on a waffle cone, point down), opaque on a
    /// transparent background, with edges feathered over about three pixels. Its colors do not
    /// matter to a mask, only its alpha; they are there so that Figure 4.12 can show it.
    @Sendable public static func cone() -> Bitmap {
        let side = Double(photoSide)
        var canvas = AssetCanvas(width: photoSide, height: photoSide)
        let feather = 3.0
        let scoop = Color(red: 0.96, green: 0.62, blue: 0.72)
        let waffle = Color(red: 0.86, green: 0.64, blue: 0.34)
        let waffleLine = Color(red: 0.62, green: 0.40, blue: 0.18)
        let conePoints: [(Double, Double)] = [(0.27 * side, 0.50 * side), (0.73 * side, 0.50 * side), (0.5 * side, 0.95 * side)]
        let drips: [(Double, Double, Double)] = [
            (0.33, 0.53, 0.055), (0.44, 0.56, 0.05), (0.56, 0.555, 0.045), (0.67, 0.53, 0.055),
        ]

        func scoopDistance(_ x: Double, _ y: Double) -> Double {
            var d = SignedDistance.circle(x, y, cx: 0.5 * side, cy: 0.34 * side, r: 0.25 * side)
            for drip in drips {
                d = min(d, SignedDistance.circle(x, y, cx: drip.0 * side, cy: drip.1 * side, r: drip.2 * side))
            }
            return d
        }

        canvas.shade { x, y in
            let alpha = SignedDistance.coverage(SignedDistance.polygon(x, y, conePoints), feather: feather)
            guard alpha > 0 else { return nil }
            let u = (x + y) / 18, v = (x - y) / 18
            let line = min(abs(u - u.rounded()), abs(v - v.rounded())) * 18
            let ink = SignedDistance.coverage(line - 1.2)
            return waffle.mixed(with: waffleLine, amount: ink).withAlphaMultiplied(by: alpha)
        }
        canvas.draw(scoop) { x, y in SignedDistance.coverage(scoopDistance(x, y), feather: feather) }
        return canvas.bitmap()
    }
}
