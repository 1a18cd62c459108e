import Lamina
import Testing
@testable import LaminaGLES

@Suite("CPU visibility culling on the GPU", .serialized)
struct VisibilityTests {
    /// `OcclusionTests.cardsPlan` plus a composite clipped by a rounded card shape and one fill at a
    /// singular transform.
    static func plan() -> RenderPlan {
        var plan = OcclusionTests.cardsPlan(count: 60)
        let clip = Clip(shapes: [Clip.Shape(shape: RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8),
                                            transform: .translation(100.5, 60.25))])
        let id = plan.offscreens.count
        plan.offscreens.append(Offscreen(width: 60, height: 40, reason: .groupOpacity(layer: "clipped")))
        plan.commands += [.beginOffscreen(id), TestSupport.fill(Rect(0, 0, 60, 40), radius: 6, color: TestSupport.red), .endOffscreen,
                          .image(ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 60, 40), sourceRect: Rect(0, 0, 1, 1),
                                           transform: .translation(120.25, 70.5), sampling: .linear, opacity: 0.75, clip: clip)),
                          TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.blue,
                                           transform: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5)),
                          TestSupport.fill(Rect(150, 10, 30, 30), radius: 4, color: TestSupport.green)]
        return plan
    }

    @Test("culling on the CPU leaves every pixel as no culling does")
    func bitIdentical() throws {
        let plan = VisibilityTests.plan()
        let cpu = try TestSupport.backend()
        let none = try TestSupport.backend()
        none.options.occlusionCulling = false
        for backend in [cpu, none] { backend.options.shadowFusion = false }
        let a = try cpu.render(plan), c = try none.render(plan)
        var differing = 0
        for y in 0..<plan.height { for x in 0..<plan.width where a[x, y] != c[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ")
        #expect(a == (try cpu.render(plan)), "a second frame is the same")
    }

    @Test("hidden pixels are skipped and visible pieces stay inside their command's area")
    func piecesAreInside() throws {
        let plan = VisibilityTests.plan()
        let v = CanvasPieces(plan, width: plan.width, height: plan.height)
        #expect(v.hiddenPixels > 0 && v.visiblePixels > 0)
        #expect(!v.opaqueInstances.isEmpty && v.opaqueInstances.count % OpaqueInstances.opaqueInstanceFloats == 0)
        var nesting = 0
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen: nesting += 1
            case .endOffscreen: nesting -= 1
            default:
                let pieces = v.pieces(of: index)
                #expect((pieces == nil) == (nesting > 0))
                guard let pieces, let area = CanvasPieces.area(of: command, width: plan.width, height: plan.height) else { continue }
                #expect(pieces.allSatisfy { $0.intersection(area) == $0 })
            }
        }
    }

    @Test("offscreens are drawn only where their composite shows, with the same pixels")
    func offscreensInPart() throws {
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        var commands: [DrawCommand] = []
        var offscreens: [Offscreen] = []
        for (i, origin) in [(10.25, 12.5), (40.5, 30.75), (120.0, 20.0)].enumerated() {
            offscreens.append(Offscreen(width: 70, height: 50, reason: .groupOpacity(layer: "card \(i)")))
            commands += [.beginOffscreen(i),
                         .roundedRectShadow(RoundedRectShadow(shape: card.offsetBy(dx: 0, dy: 3), transform: .translation(4, 3), sigma: 3,
                                                              color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), clip: .none)),
                         .fill(Fill(shape: card, transform: .translation(4, 3), color: TestSupport.blue, clip: .none)),
                         .border(Border(outer: card, width: 2, transform: .translation(4, 3), color: TestSupport.red, clip: .none)),
                         .endOffscreen,
                         .image(ImageDraw(source: .offscreen(i), destination: Rect(0, 0, 70, 50), sourceRect: Rect(0, 0, 1, 1),
                                          transform: .translation(origin.0, origin.1), sampling: i == 1 ? .linear : .nearest,
                                          opacity: 0.5, clip: .none))]
        }
        commands.append(TestSupport.fill(Rect(30, 25, 60, 50), color: TestSupport.green))
        commands.append(TestSupport.fill(Rect(115, 15, 80, 60), color: TestSupport.white))
        let plan = RenderPlan(width: 200, height: 100, clearColor: TestSupport.white, offscreens: offscreens, commands: commands)
        let visibility = CanvasPieces(plan, width: plan.width, height: plan.height)
        let needs = OffscreenTexels.offscreenNeeds(of: plan, surfaces: try SurfaceTree(plan), visibility: visibility)
        #expect(needs[2]?.isEmpty == true, "the third card is hidden")
        #expect(needs[1].map { !$0.isEmpty && $0.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) } < 70 * 50 } == true)
        let culled = try TestSupport.backend()
        let plain = try TestSupport.backend()
        plain.options.occlusionCulling = false
        #expect(try culled.render(plan) == plain.render(plan))
    }

    @Test("canvas-level blurred shadows and mask fills are culled by pieces too, with the same pixels")
    func blurredAndMasked() throws {
        var plan = VisibilityTests.plan()
        let disc = AlphaMask(width: 40, height: 40, alpha: (0..<1600).map { i in
            let x = Double(i % 40) - 19.5, y = Double(i / 40) - 19.5
            return x * x + y * y < 18 * 18 ? 255 : 0
        })
        let shadowColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.6)
        let blurred = DrawCommand.blurredShadow(BlurredShadow(source: .mask(disc), origin: PixelPoint(x: 20, y: 10),
                                                              offset: Point(2.5, 3), sigma: 4, color: shadowColor, clip: .none))
        let masked = DrawCommand.maskFill(MaskFill(mask: disc, origin: PixelPoint(x: 70, y: 30), color: TestSupport.red, clip: .none))
        let first = plan.commands.count
        plan.commands += [blurred, masked, TestSupport.fill(Rect(0, 0, 45, 100), color: TestSupport.green)]
        let v = CanvasPieces(plan, width: plan.width, height: plan.height)
        let shadowPieces = try #require(v.pieces(of: first))
        let area = try #require(CanvasPieces.area(of: blurred, width: plan.width, height: plan.height))
        let drawn = shadowPieces.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        #expect(drawn > 0 && drawn < (area.x1 - area.x0) * (area.y1 - area.y0), "the opaque fill above hides part of the shadow")
        #expect(v.pieces(of: first + 1)?.isEmpty == false)
        let culled = try TestSupport.backend()
        let plain = try TestSupport.backend()
        plain.options.occlusionCulling = false
        #expect(try culled.render(plan) == plain.render(plan))
    }

    @Test("an opaque image drawn at opacity 1 hides what lies under it; a translucent one hides nothing; pixels stay the same", arguments: [255, 254])
    func opaqueImages(alpha: Int) throws {
        var px = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for i in stride(from: 0, to: px.count, by: 4) { px[i] = UInt8((i * 7) % 200); px[i + 1] = UInt8((i / 64) * 9 % 256) }
        px[px.count - 1] = UInt8(alpha)
        px[px.count - 4] = min(px[px.count - 4], UInt8(alpha)); px[px.count - 3] = min(px[px.count - 3], UInt8(alpha)); px[px.count - 2] = min(px[px.count - 2], UInt8(alpha))
        var plan = VisibilityTests.plan()
        plan.images.append(Image(bitmap: Bitmap(width: 16, height: 16, pixels: px)))
        let under = plan.commands.count
        let photo = DrawCommand.image(ImageDraw(source: .image(index: plan.images.count - 1, crop: PixelRect(x: 0, y: 0, width: 16, height: 16)),
                                                destination: Rect(0, 0, 96, 64), sourceRect: Rect(0, 0, 1, 1), transform: .translation(30.5, 20),
                                                sampling: .linear, opacity: 1,
                                                clip: Clip(shapes: [Clip.Shape(shape: RoundedRect(rect: Rect(0, 0, 96, 64), cornerRadius: 6),
                                                                               transform: .translation(30.5, 20))])))
        plan.commands += [TestSupport.fill(Rect(50, 30, 40, 30), color: TestSupport.blue), photo]
        let v = CanvasPieces(plan, width: plan.width, height: plan.height)
        let hidden = try #require(v.pieces(of: under)).isEmpty
        #expect(hidden == (alpha == 255))
        let culled = try TestSupport.backend()
        let plain = try TestSupport.backend()
        plain.options.occlusionCulling = false
        #expect(try culled.render(plan) == plain.render(plan))
    }
}
