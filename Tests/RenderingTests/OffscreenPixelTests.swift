import Lamina
import Testing

/// Masks, group opacity and shouldRasterize on both backends.
@Suite(.serialized) struct OffscreenPixelTests {
    typealias H = Harness

    /// A photo-like gradient image and a soft-edged star mask of the same size.
    static let photo = H.image(100, 100) { x, y in SIMD4(x / 100, y / 100, 0.5, 1) }
    static let starPath = try! SVGPath.parse("M50 0 L61 35 L98 35 L68 57 L79 91 L50 70 L21 91 L32 57 L2 35 L39 35 Z")
    static let star: Image = {
        let mask = PathRasterizer.mask(for: .svg(starPath, fillRule: .nonZero), transform: .identity,
                                       in: PixelRect(x: 0, y: 0, width: 100, height: 100))
        return H.image(100, 100) { x, y in
            let a = Double(mask[Int(x), Int(y)]) / 255
            return SIMD4(a, 0, 0, a)
        }
    }()

    @Test(arguments: H.backends) func imageMaskedByStar(_ b: String) throws {
        let scene = H.scene(120, 120, background: .black, [H.layer(Rect(10, 10, 100, 100)) {
            $0.contents = Self.photo
            $0.mask = H.layer(Rect(0, 0, 100, 100)) { $0.contents = Self.star }
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(60, 60)[3] == 255 && img.rgba(60, 60)[2] == 128, "star center shows the photo")
        #expect(img.rgba(15, 15) == [0, 0, 0, 255], "outside the star: nothing")
        let edge = (0..<100).map { img.rgba(10 + $0, 45)[2] }
        #expect(edge.contains { $0 > 5 && $0 < 123 }, "soft edges stay soft")
    }

    @Test(arguments: H.backends) func maskOfTwoRoundedRectSublayersAlsoMasksTheShadow(_ b: String) throws {
        let scene = H.scene(200, 200, [H.layer(Rect(20, 20, 160, 160)) {
            $0.backgroundColor = Color(red: 0, green: 0, blue: 1)
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(0, 0)
            $0.mask = H.layer(Rect(0, 0, 160, 160)) {
                $0.sublayers = [
                    H.layer(Rect(0, 0, 70, 160)) { $0.backgroundColor = .black; $0.cornerRadius = 10 },
                    H.layer(Rect(90, 0, 70, 160)) { $0.backgroundColor = .black; $0.cornerRadius = 10 },
                ]
            }
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(50, 100) == [0, 0, 255, 255])
        #expect(img.rgba(150, 100) == [0, 0, 255, 255])
        #expect(img.rgba(100, 100) == [255, 255, 255, 255], "the gap between the mask's parts")
        #expect(img.rgba(21, 21) == [255, 255, 255, 255], "rounded corner of the mask")
    }

    /// Listing 4.7's button: a white rounded button with a white label inside, at opacity 0.5 on gray.
    static func button(group: Bool?, rasterize: Bool = false) -> Scene {
        H.scene(200, 100, background: Color(white: 0.25), groupOpacity: true, [H.layer(Rect(20, 20, 160, 60)) {
            $0.backgroundColor = .white
            $0.cornerRadius = 10
            $0.opacity = 0.5
            $0.allowsGroupOpacity = group
            $0.shouldRasterize = rasterize
            $0.sublayers = [H.layer(Rect(30, 15, 100, 30)) { $0.backgroundColor = .white }]
        }])
    }

    @Test(arguments: H.backends) func groupOpacityHidesTheLabelOutline(_ b: String) throws {
        let grouped = try H.render(Self.button(group: true), on: b)
        #expect(grouped.rgba(100, 50) == grouped.rgba(40, 50), "label area equals button area")
        let raster = try H.render(Self.button(group: false, rasterize: true), on: b)
        #expect(raster.rgba(100, 50) == raster.rgba(40, 50), "shouldRasterize also flattens (Figure 4.21)")
        let ungrouped = try H.render(Self.button(group: false), on: b)
        #expect(ungrouped.rgba(100, 50)[0] - ungrouped.rgba(40, 50)[0] >= 30, "overlap is lighter (Figure 4.20)")
    }

    @Test(arguments: H.backends) func rasterizationScaleOneIsPixelatedOnScaleTwo(_ b: String) throws {
        func edgeRamp(_ rs: Double) throws -> Int {
            let scene = H.scene(100, 100, scale: 2, background: .black, [H.layer(Rect(10, 10, 80, 80)) {
                $0.shouldRasterize = true
                $0.rasterizationScale = rs
                $0.sublayers = [H.layer(Rect(0, 0, 80, 80)) { $0.backgroundColor = .white; $0.cornerRadius = 30 }]
            }])
            let img = try H.render(scene, on: b)
            // Count intermediate pixels along the diagonal through a rounded corner.
            return (0..<60).filter { let v = img.rgba(20 + $0, 20 + $0)[0]; return v > 10 && v < 245 }.count
        }
        let coarse = try edgeRamp(1), fine = try edgeRamp(2)
        #expect(coarse > fine, "rasterizationScale 1 blurs the edge over more pixels (\(coarse) vs \(fine))")
    }
}
