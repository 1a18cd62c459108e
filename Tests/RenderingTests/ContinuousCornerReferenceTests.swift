import Lamina
import Testing

private typealias H = Harness

/// Continuous corners on both backends against a 16 × 16-supersampled rendering of Apple's three-Bézier
/// outline (`ContinuousCornerOutline`), at several radii, sizes, scales, rotations and corner masks.
///
/// A white layer on black: a pixel's red channel is the coverage. The band is every pixel whose center
/// lies within 1 pixel of the outline. Outside it both backends must be within 2/255 of the reference; inside it each backend must
/// stay within `bandTolerance` of the reference's area coverage (both backends use a distance ramp,
/// not an area) and the two backends within 2/255 of each other.
@Suite("Continuous corners = supersampled three-Bézier outline")
struct ContinuousCornerReferenceTests {
    struct Case: CustomStringConvertible, Sendable {
        var size: Size, radius: Double, scale: Double, angle: Double, corners: CornerMask
        var description: String {
            "\(size.width)×\(size.height) r \(radius) scale \(scale) angle \(angle) corners \(corners.rawValue)"
        }
    }

    static let bandTolerance = 0.2

    static let cases: [Case] = [
        Case(size: Size(80, 60), radius: 12, scale: 1, angle: 0, corners: .all),
        Case(size: Size(80, 60), radius: 12, scale: 2, angle: 0, corners: .all),
        Case(size: Size(90.5, 70.25), radius: 20.3, scale: 1.5, angle: 0, corners: .all),
        Case(size: Size(120, 100), radius: 30, scale: 2, angle: 0, corners: [.minXMinY, .maxXMaxY]),
        Case(size: Size(60, 40), radius: 4, scale: 3, angle: 0, corners: .all),
        Case(size: Size(70, 70), radius: 16, scale: 1, angle: 0.3, corners: .all),
        Case(size: Size(100, 64), radius: 18, scale: 2, angle: -0.7, corners: [.maxXMinY, .minXMaxY]),
        // 1.528665 × r exceeds half the shorter side: every corner is circular with r.
        Case(size: Size(80, 40), radius: 16, scale: 2, angle: 0, corners: .all),
        Case(size: Size(200, 150), radius: 48, scale: 1, angle: 0.1, corners: .all),
    ]

    static func scene(_ c: Case) -> (Scene, Layer) {
        let margin = 0.3 * max(c.size.width, c.size.height) + 8
        let w = c.size.width + 2 * margin, h = c.size.height + 2 * margin
        let layer = H.layer(Rect(margin, margin, c.size.width, c.size.height)) {
            $0.backgroundColor = .white
            $0.cornerRadius = c.radius
            $0.cornerCurve = .continuous
            $0.maskedCorners = c.corners
            $0.affineTransform = .rotation(c.angle)
        }
        return (H.scene(w, h, scale: c.scale, background: .black, [layer]), layer)
    }

    @Test(arguments: cases)
    func bothBackendsFollowTheOutline(_ c: Case) throws {
        let (scene, layer) = Self.scene(c)
        let gpu = try H.render(scene, on: "gpu"), cpu = try H.render(scene, on: "cpu")
        let w = gpu.width, h = gpu.height
        let toPixels = layer.transformToSuperlayer.concatenating(.scale(c.scale, c.scale))
        let outline = ContinuousCornerOutline(layer.roundedBounds)
        let reference = outline.coverage(transform: toPixels, width: w, height: h)
        let polygon = outline.polygon.map(toPixels.apply)
        func inBand(_ x: Int, _ y: Int) -> Bool {
            let v = reference[y * w + x]
            if v > 0 && v < 1 { return true }
            let p = Point(Double(x) + 0.5, Double(y) + 0.5)
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let ab = b - a, ap = p - a
                let len2 = ab.x * ab.x + ab.y * ab.y
                let t = len2 > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / len2, 0), 1) : 0
                if (p - (a + ab * t)).length <= 1 { return true }
            }
            return false
        }
        var outside = 0.0, band = 0.0, between = 0
        for y in 0..<h {
            for x in 0..<w {
                let ref = reference[y * w + x]
                let g = Double(gpu.rgba(x, y)[0]) / 255, k = Double(cpu.rgba(x, y)[0]) / 255
                between = max(between, abs(Int(gpu.rgba(x, y)[0]) - Int(cpu.rgba(x, y)[0])))
                let deviates = abs(g - ref) * 255 > 2 || abs(k - ref) * 255 > 2
                if deviates && inBand(x, y) {
                    band = max(band, abs(g - ref), abs(k - ref))
                } else {
                    outside = max(outside, abs(g - ref), abs(k - ref))
                }
            }
        }
        #expect(reference.contains { $0 > 0 && $0 < 1 }, "the outline crosses pixels")
        #expect(outside * 255 <= 2.0 + 1e-9, "outside the band: \(outside * 255)/255 from the outline (\(c))")
        #expect(band <= Self.bandTolerance, "in the band: \(band * 255)/255 from the outline's area coverage (\(c))")
        #expect(between <= 2, "GPU and CPU differ by \(between)/255 (\(c))")
    }
}
