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
        plan.commands += [.beginOffscreen(0), TestSupport.fill(Rect(0, 0, 60, 40), radius: 6, color: TestSupport.red), .endOffscreen,
                          .image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 60, 40), sourceRect: Rect(0, 0, 1, 1),
                                           transform: .translation(120.25, 70.5), sampling: .linear, opacity: 0.75, clip: clip)),
                          TestSupport.fill(Rect(0, 0, 10, 10), color: TestSupport.blue,
                                           transform: AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5)),
                          TestSupport.fill(Rect(150, 10, 30, 30), radius: 4, color: TestSupport.green)]
        return plan
    }

    @Test("culling on the CPU leaves every pixel as depth culling and no culling do")
    func bitIdentical() throws {
        let plan = VisibilityTests.plan()
        let cpu = try TestSupport.backend()
        let depth = try TestSupport.backend()
        depth.visibilityCulling = false
        let none = try TestSupport.backend()
        none.occlusionCulling = false
        let a = try cpu.render(plan), b = try depth.render(plan), c = try none.render(plan)
        var differing = 0
        for y in 0..<plan.height { for x in 0..<plan.width where a[x, y] != b[x, y] || a[x, y] != c[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ")
        #expect(a == (try cpu.render(plan)), "a second frame is the same")
    }

    @Test("hidden pixels are skipped and visible pieces stay inside their command's area")
    func piecesAreInside() throws {
        let plan = VisibilityTests.plan()
        let v = try #require(CanvasVisibility(plan, width: plan.width, height: plan.height))
        #expect(v.hiddenPixels > 0 && v.visiblePixels > 0)
        #expect(!v.opaqueInstances.isEmpty && v.opaqueInstances.count % GLESBackend.opaqueInstanceFloats == 0)
        var nesting = 0
        for (index, command) in plan.commands.enumerated() {
            switch command {
            case .beginOffscreen: nesting += 1
            case .endOffscreen: nesting -= 1
            default:
                let pieces = v.pieces(of: index)
                #expect((pieces == nil) == (nesting > 0))
                guard let pieces, let area = CanvasVisibility.area(of: command, width: plan.width, height: plan.height) else { continue }
                #expect(pieces.allSatisfy { $0.intersection(area) == $0 })
            }
        }
    }

    @Test("plans with canvas-level mask fills fall back to depth culling")
    func fallback() {
        var plan = VisibilityTests.plan()
        plan.commands.append(.maskFill(MaskFill(mask: AlphaMask(width: 1, height: 1, alpha: [255]), origin: PixelPoint(x: 0, y: 0),
                                                color: TestSupport.red, clip: .none)))
        #expect(CanvasVisibility(plan, width: plan.width, height: plan.height) == nil)
    }
}
