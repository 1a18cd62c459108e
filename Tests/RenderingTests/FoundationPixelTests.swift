import Lamina
import Testing

/// The foundation's pixel checks, on both backends through the same code.
@Suite(.serialized) struct FoundationPixelTests {
    typealias H = Harness

    /// Listing 4.2: two white 200×200 views with radius 20 and a 5-point border, each with a red child
    /// overflowing the top-left; only the right one clips.
    static func listing42() -> Scene {
        func view(_ x: Double, clips: Bool) -> Layer {
            H.layer(Rect(x, 20, 200, 200)) {
                $0.backgroundColor = .white
                $0.cornerRadius = 20
                $0.borderWidth = 5
                $0.masksToBounds = clips
                $0.sublayers = [H.layer(Rect(-20, -20, 100, 100)) { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) }]
            }
        }
        return H.scene(480, 240, background: Color(white: 2.0 / 3.0), [view(20, clips: false), view(260, clips: true)])
    }

    @Test(arguments: H.backends) func cornerOutsideRadiusIsCanvas(_ b: String) throws {
        let img = try H.render(Self.listing42(), on: b)
        // Bottom-right corner of the right view: (460, 220) is the corner; 2 px inside both edges is outside r=20.
        #expect(img.rgba(457, 217) == [170, 170, 170, 255])
        // And the red child is cut along the curve at the top-left of the right (clipping) view.
        #expect(img.rgba(261, 21) == [170, 170, 170, 255])
        // The left view does not clip: the child shows outside its bounds.
        #expect(img.rgba(10, 10) == [255, 0, 0, 255])
    }

    @Test(arguments: H.backends) func borderIsDrawnOverTheOverflowingChild(_ b: String) throws {
        let img = try H.render(Self.listing42(), on: b)
        #expect(img.rgba(100, 22) == [0, 0, 0, 255], "just inside the top border, above the red child")
        #expect(img.rgba(200, 22) == [0, 0, 0, 255], "just inside the top border, white behind")
        #expect(img.rgba(90, 30) == [255, 0, 0, 255], "below the border: the child")
        #expect(img.rgba(360, 200) == [255, 255, 255, 255])
    }

    @Test(arguments: H.backends) func grandchildIsCutByBothMaskingAncestors(_ b: String) throws {
        let scene = H.scene(200, 200, [H.layer(Rect(20, 20, 160, 160)) {
            $0.cornerRadius = 40
            $0.masksToBounds = true
            $0.sublayers = [H.layer(Rect(60, 60, 100, 100)) {
                $0.cornerRadius = 30
                $0.masksToBounds = true
                $0.sublayers = [H.layer(Rect(-100, -100, 300, 300)) { $0.backgroundColor = .black }]
            }]
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(130, 130) == [0, 0, 0, 255], "inside both clips")
        #expect(img.rgba(82, 82) == [255, 255, 255, 255], "outside the inner clip's corner")
        #expect(img.rgba(177, 177) == [255, 255, 255, 255], "outside the outer clip's corner")
        #expect(img.rgba(175, 100) == [0, 0, 0, 255])
    }

    @Test(arguments: H.backends) func nearestKeepsHardEdgesLinearBlends(_ b: String) throws {
        func scene(_ f: ScalingFilter) -> Scene {
            H.scene(100, 100, [H.layer(Rect(0, 0, 100, 100)) { $0.contents = H.checker(size: 4, cell: 1); $0.magnificationFilter = f }])
        }
        let nearest = try H.render(scene(.nearest), on: b), linear = try H.render(scene(.linear), on: b)
        let nValues = Set(nearest.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
        #expect(nValues == [0, 255])
        let lValues = Set(linear.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
        #expect(lValues.count > 20, "linear blends neighbouring texels")
    }

    @Test(arguments: H.backends) func trilinearAveragesStripesLinearAliases(_ b: String) throws {
        func scene(_ f: ScalingFilter) -> Scene {
            H.scene(61, 61, [H.layer(Rect(0, 0, 61, 61)) { $0.contents = H.stripes(size: 512); $0.minificationFilter = f }])
        }
        func spread(_ img: Bitmap) -> (Double, Int) {
            let reds = stride(from: 0, to: img.pixels.count, by: 4).map { Int(img.pixels[$0]) }
            let mean = Double(reds.reduce(0, +)) / Double(reds.count)
            return (mean, reds.map { abs(Double($0) - mean) }.map { Int($0) }.max()!)
        }
        let (tMean, tDev) = spread(try H.render(scene(.trilinear), on: b))
        let (_, lDev) = spread(try H.render(scene(.linear), on: b))
        #expect(abs(tMean - 127.5) < 4, "mean grey \(tMean)")
        #expect(tDev <= 3, "trilinear is near-uniform, deviation \(tDev)")
        #expect(lDev >= 60, "linear aliases, deviation \(lDev)")
    }

    @Test(arguments: H.backends) func spriteDigitShowsNoNeighbourPixels(_ b: String) throws {
        // Ten 4×6 cells; cell i is filled with gray level 20·i + 10. Show cell 3 magnified.
        let sheet = H.image(40, 6) { x, _ in let v = (Double(Int(x / 4)) * 20 + 10) / 255; return SIMD4(v, v, v, 1) }
        for f in [ScalingFilter.nearest, .linear, .trilinear] {
            let scene = H.scene(100, 150, [H.layer(Rect(0, 0, 100, 150)) {
                $0.contents = sheet
                $0.contentsRect = Rect(0.3, 0, 0.1, 1)
                $0.magnificationFilter = f
            }])
            let img = try H.render(scene, on: b)
            let values = Set(stride(from: 0, to: img.pixels.count, by: 4).map { img.pixels[$0] })
            #expect(values == [70], "filter \(f): only cell 3's level, got \(values.sorted())")
        }
    }

    @Test(arguments: H.backends) func pixelInsideBorderHasBorderColor(_ b: String) throws {
        let scene = H.scene(100, 100, background: Color(white: 0.5), [H.layer(Rect(10.5, 10, 80, 80)) {
            $0.backgroundColor = .white
            $0.borderWidth = 3
            $0.borderColor = Color(red: 0, green: 0, blue: 1)
            $0.cornerRadius = 10
            $0.cornerCurve = .continuous
        }])
        let img = try H.render(scene, on: b)
        #expect(img.rgba(50, 11) == [0, 0, 255, 255])
        #expect(img.rgba(50, 14) == [255, 255, 255, 255])
        #expect(img.rgba(11, 11) == [128, 128, 128, 255], "continuous corner leaves the corner pixel as canvas")
    }
}
