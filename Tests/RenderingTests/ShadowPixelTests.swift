import Lamina
import Testing

/// Drop shadows on both backends: analytic profiles and the chapter's shadow rules.
@Suite(.serialized) struct ShadowPixelTests {
    typealias H = Harness

    /// Shadow of an opaque 100×100 square (offset right by 0) measured along a row through its middle,
    /// right of the square: opacity·½·erfc(d/(σ√2)) on a white canvas darkens white by that alpha.
    @Test(arguments: H.backends, [0.0, 1, 5, 20])
    func straightEdgeProfileMatchesErfc(_ b: String, sigma: Double) throws {
        for scale in [1.0, 2.0] {
            let scene = H.scene(260, 200, scale: scale, [H.layer(Rect(40, 50, 100, 100)) {
                $0.backgroundColor = .black
                $0.shadowOpacity = 0.8
                $0.shadowOffset = Size(0, 0)
                $0.shadowRadius = sigma
                $0.shadowColor = .black
            }])
            let img = try H.render(scene, on: b)
            let row = Int(100 * scale)
            var worst = 0.0
            for x in Int(140 * scale)..<Int(250 * scale) {
                let d = (Double(x) + 0.5) / scale - 140
                let expected = 255 * (1 - 0.8 * H.edgeProfile(d, sigma: sigma))
                if sigma == 0 && abs(d) < 1 { continue }
                worst = max(worst, abs(Double(img.rgba(x, row)[0]) - expected))
            }
            #expect(worst <= 2.0, "σ \(sigma) at scale \(scale): max error \(worst)/255")
        }
    }

    @Test(arguments: H.backends) func defaultShadowPointsThreePointsUp(_ b: String) throws {
        let scene = H.scene(200, 200, [H.layer(Rect(50, 50, 100, 100)) {
            $0.backgroundColor = .white
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(100, 48) == [0, 0, 0, 255], "above the layer: the shadow")
        #expect(img.rgba(100, 46) == [255, 255, 255, 255])
        #expect(img.rgba(100, 151) == [255, 255, 255, 255], "nothing below")
    }

    @Test(arguments: H.backends) func shadowFollowsContentsWithHoles(_ b: String) throws {
        // A 100×100 image with a transparent 40×40 hole in the middle.
        let ring = H.image(100, 100) { x, y in (abs(x - 50) < 20 && abs(y - 50) < 20) ? SIMD4(0, 0, 0, 0) : SIMD4(1, 1, 1, 1) }
        let scene = H.scene(200, 200, background: Color(white: 0.5), [H.layer(Rect(40, 40, 100, 100)) {
            $0.contents = ring
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(10, 10)
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(90, 90) == [128, 128, 128, 255], "hole offset by 10 is still inside the hole: no shadow there… ")
        #expect(img.rgba(75, 75) == [0, 0, 0, 255], "the hole shows the shadow of the ring's near side")
        #expect(img.rgba(145, 145) == [0, 0, 0, 255], "outside, the shadow of the ring")
    }

    @Test(arguments: H.backends) func masksToBoundsClipsShadowOuterLayerRestoresIt(_ b: String) throws {
        func card(_ clips: Bool) -> Layer {
            H.layer(Rect(0, 0, 100, 100)) {
                $0.backgroundColor = .white
                $0.cornerRadius = 20
                $0.masksToBounds = clips
                $0.shadowOpacity = clips ? 1 : 0
                $0.shadowRadius = 0
                $0.shadowOffset = Size(0, 10)
            }
        }
        let clipped = H.scene(300, 200, background: Color(white: 0.5), [H.layer(Rect(30, 30, 100, 100)) {
            $0.sublayers = [card(true)]
        }])
        let restored = H.scene(300, 200, background: Color(white: 0.5), [H.layer(Rect(30, 30, 100, 100)) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(0, 10)
            $0.sublayers = [card(true)]
        }])
        #expect(try H.render(clipped, on: b).rgba(80, 135) == [128, 128, 128, 255], "Figure 4.8: no shadow below")
        #expect(try H.render(restored, on: b).rgba(80, 135) == [0, 0, 0, 255], "Figure 4.10: the outer layer casts it")
    }

    @Test(arguments: H.backends) func shadowPathRectEllipseAndStar(_ b: String) throws {
        let star = try SVGPath.parse("M50 0 L61 35 L98 35 L68 57 L79 91 L50 70 L21 91 L32 57 L2 35 L39 35 Z")
        let shapes: [Path] = [.rect(Rect(-10, -10, 120, 120)), .ellipse(Rect(0, 0, 100, 100)), .svg(star, fillRule: .nonZero)]
        for shape in shapes {
            let scene = H.scene(200, 200, background: .white, [H.layer(Rect(50, 50, 100, 100)) {
                $0.shadowOpacity = 1
                $0.shadowRadius = 0.0001
                $0.shadowOffset = .zero
                $0.shadowPath = shape
            }])
            let img = try H.render(scene, on: b)
            switch shape {
            case .rect:
                #expect(img.rgba(45, 45)[0] < 10, "rect path reaches 10 points outside the layer")
            case .ellipse:
                #expect(img.rgba(100, 100)[0] < 10)
                #expect(img.rgba(55, 55)[0] > 245, "ellipse corner is empty")
            default:
                #expect(img.rgba(100, 60)[0] < 10, "star center")
                #expect(img.rgba(55, 140)[0] > 245, "between the star's lower points")
            }
        }
    }

    @Test(arguments: H.backends) func translucentLayerCastsLighterShadow(_ b: String) throws {
        func shade(_ alpha: Double) throws -> Int {
            let scene = H.scene(200, 200, [H.layer(Rect(50, 50, 60, 60)) {
                $0.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: alpha)
                $0.shadowOpacity = 1
                $0.shadowRadius = 0
                $0.shadowOffset = Size(0, 30)
            }])
            return try H.render(scene, on: b).rgba(80, 130)[0]
        }
        let opaque = try shade(1), half = try shade(0.5)
        #expect(opaque == 0)
        #expect(abs(half - 128) <= 2, "half-transparent background casts a half shadow: \(half)")
    }

    @Test(arguments: H.backends) func overflowingSublayerWidensTheShadow(_ b: String) throws {
        let scene = H.scene(240, 200, [H.layer(Rect(40, 40, 100, 100)) {
            $0.backgroundColor = .white
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(0, 10)
            $0.sublayers = [H.layer(Rect(20, 20, 100, 80)) { $0.backgroundColor = .white }]
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(155, 145) == [0, 0, 0, 255], "shadow under the overflow, 20 points past the parent")
        #expect(img.rgba(165, 145) == [255, 255, 255, 255])
    }
}
