import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// `DrawCommand.bounds` is the one answer to where a command reaches, used by the planner, damage, culling
/// and both backends: drawn alone on a transparent canvas by either backend, no command of any kind changes a
/// pixel outside its `reach` — turned, scaled and fractional, with blur, rounded clips and scissors.
@Suite(.serialized) struct DrawBoundsTests {
    /// A page with every kind of command: fills, borders, images, closed-form and blurred shadows (a shadow
    /// path's mask and a content-shaped silhouette), a shape's mask fill, glyph runs and gradients.
    static func page() throws -> Scene {
        let turned = AffineTransform(a: 0.9, b: 0.35, c: -0.35, d: 0.9, tx: 0, ty: 0)
        let star = try SVGPath.parse("M45 2 L71 83 L2 33 L88 33 L19 83 Z")
        let layers: [Layer] = [
            Harness.layer(Rect(20.3, 20.6, 90, 60)) {
                $0.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9); $0.cornerRadius = 12
                $0.borderWidth = 3; $0.borderColor = .black
                $0.shadowOpacity = 0.8; $0.shadowRadius = 7; $0.shadowOffset = Size(4, 6)
                $0.affineTransform = turned
            },
            Harness.layer(Rect(150.5, 20, 80, 80)) {
                $0.contents = Harness.checker(size: 32, cell: 4); $0.affineTransform = .rotation(0.4)
                $0.shadowOpacity = 1; $0.shadowRadius = 5
            },
            Harness.layer(Rect(260, 20, 100, 100)) {
                $0.shadowOpacity = 0.9; $0.shadowRadius = 6; $0.shadowPath = .svg(star, fillRule: .nonZero)
                $0.backgroundColor = Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.5)
            },
            ShapeAndGradientRenderingTests.shape(Rect(20, 150, 90, 90), ShapeContent(
                path: .svg(star, fillRule: .nonZero), fillColor: Color(red: 1, green: 0.8, blue: 0, alpha: 0.7),
                strokeColor: .black, lineWidth: 3, lineCap: .round, lineJoin: .round)) { $0.affineTransform = turned },
            Harness.layer(Rect(140.25, 150.75, 120, 50)) {
                $0.gradient = GradientContent(colors: [.black, .white], startPoint: Point(0, 0.5), endPoint: Point(1, 0.5))
                $0.masksToBounds = true; $0.cornerRadius = 10
            },
            TextRenderingTests.text(Rect(280.5, 150, 110, 24.5), "Bounds and glyphs", size: 16),
            Harness.layer(Rect(372, 24, 30, 90)) {
                $0.backgroundColor = Color(red: 0.8, green: 0.1, blue: 0.1); $0.shadowOpacity = 1; $0.shadowRadius = 4
            },
            Harness.layer(Rect(280, 200, 100, 40)) {
                $0.masksToBounds = true; $0.cornerRadius = 14
                $0.sublayers = [Harness.layer(Rect(-20, -10, 140, 60)) { $0.backgroundColor = Color(red: 0.1, green: 0.7, blue: 0.3) }]
            },
        ]
        return try TextRenderingTests.scene(420, 260, scale: 1.5, layers)
    }

    /// Each canvas-level drawing command of `plan` alone, after the plan's offscreens are drawn (they change
    /// no canvas pixel; a blurred shadow or a composite reads them).
    static func singles(of plan: RenderPlan) -> [(command: DrawCommand, plan: RenderPlan)] {
        var depth = 0
        var offscreenDrawing: [DrawCommand] = [], canvas: [DrawCommand] = []
        for c in plan.commands {
            if case .beginOffscreen = c { depth += 1 }
            if depth > 0 { offscreenDrawing.append(c) } else { canvas.append(c) }
            if case .endOffscreen = c { depth -= 1 }
        }
        return canvas.map { c in
            (c, RenderPlan(width: plan.width, height: plan.height, clearColor: .transparent, images: plan.images,
                           offscreens: plan.offscreens, commands: offscreenDrawing + [c]))
        }
    }

    static func kind(_ c: DrawCommand) -> String {
        switch c {
        case .fill: "fill"
        case .border: "border"
        case .image(let i): if case .offscreen = i.source { "composite" } else { "image" }
        case .roundedRectShadow: "closed-form shadow"
        case .blurredShadow(let s): if case .mask = s.source { "blurred mask shadow" } else { "blurred silhouette shadow" }
        case .maskFill: "mask fill"
        case .glyphs: "glyphs"
        case .gradient: "gradient"
        case .beginOffscreen, .endOffscreen: "bracket"
        }
    }

    /// Pixels set outside the reach's whole pixels.
    static func outside(_ bitmap: Bitmap, _ reach: Rect) -> [(Int, Int)] {
        let x0 = Int(reach.minX.rounded(.down)), y0 = Int(reach.minY.rounded(.down))
        let x1 = Int(reach.maxX.rounded(.up)), y1 = Int(reach.maxY.rounded(.up))
        var found: [(Int, Int)] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where (x < x0 || x >= x1 || y < y0 || y >= y1) && bitmap.rgba(x, y) != [0, 0, 0, 0] {
                found.append((x, y))
            }
        }
        return found
    }

    /// The backends draw a closed-form shadow only inside its bounds, so the test above cannot see one cut too
    /// short: the exact Gaussian coverage (`ShadowMath.coverage`) times the shadow's alpha must round to 0
    /// at every pixel center just outside them.
    @Test func aClosedFormShadowIsNegligibleOutsideItsBounds() throws {
        let plan = try RenderPlanner.plan(try Self.page())
        var checked = 0
        for case .roundedRectShadow(let s) in plan.commands {
            let box = s.drawnBounds
            let inverse = try #require(s.transform.inverted)
            let ring = stride(from: box.minX - 0.5, through: box.maxX + 0.5, by: 1).flatMap { x in
                [Point(x, box.minY - 0.5), Point(x, box.maxY + 0.5)]
            } + stride(from: box.minY - 0.5, through: box.maxY + 0.5, by: 1).flatMap { y in
                [Point(box.minX - 0.5, y), Point(box.maxX + 0.5, y)]
            }
            for p in ring {
                let local = inverse.apply(p)
                let value = ShadowMath.coverage(at: local, of: s.shape, sigma: s.sigma) * s.color.alpha * 255
                #expect(value < 0.5, "\(s) at \(p): \(value)/255 outside its bounds \(box)")
            }
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test(arguments: Harness.backends) func noCommandChangesAPixelOutsideItsReach(_ backend: String) throws {
        let plan = try RenderPlanner.plan(try Self.page())
        let singles = Self.singles(of: plan)
        var kinds = Set<String>()
        let renderer: any RenderBackend = backend == "gpu" ? try GLESBackend() : CPUBackend()
        for (command, single) in singles {
            let reach = try #require(command.reach(offscreens: plan.offscreens))
            let image = try renderer.render(single)
            let stray = Self.outside(image, reach)
            #expect(stray.isEmpty, "\(command) reaches \(reach) but set \(stray.count) pixels outside, e.g. \(stray.prefix(3))")
            kinds.insert(Self.kind(command))
        }
        #expect(singles.count >= 10)
        #expect(kinds.count >= 9, "command kinds drawn: \(kinds.sorted())")
    }
}
