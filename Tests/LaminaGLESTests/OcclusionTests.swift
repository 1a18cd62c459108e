import Lamina
import Testing
@testable import LaminaGLES

@Suite("Occlusion culling on the GPU", .serialized)
struct OcclusionTests {
    /// Overlapping cards at fractional positions and scales: shadow, opaque rounded fill (some under a
    /// scissor), translucent fill, border; a group-opacity offscreen composited between them.
    static func cardsPlan(count: Int) -> RenderPlan {
        var generator = SplitMix64(seed: 7)
        var commands: [DrawCommand] = [], layers: [PlannedLayer] = []
        let card = RoundedRect(rect: Rect(0, 0, 60, 40), cornerRadius: 8)
        func color(_ alpha: Double) -> PremultipliedColor {
            PremultipliedColor(red: generator.unit() * alpha, green: generator.unit() * alpha, blue: generator.unit() * alpha, alpha: alpha)
        }
        for i in 0..<count {
            let s = i % 3 == 0 ? 1.5 : 1
            let t = AffineTransform(a: s, b: 0, c: 0, d: s, tx: generator.unit() * 180 - 20, ty: generator.unit() * 110 - 20)
            let scissor = i % 5 == 0 ? Clip(scissor: PixelRect(x: 30, y: 20, width: 150, height: 80)) : .none
            layers.append(TestSupport.cardLayer(shadowAt: commands.count, sublayers: i % 4 == 1 ? 1 : 0, border: true))
            commands.append(.roundedRectShadow(RoundedRectShadow(shape: card.offsetBy(dx: 0, dy: 3), transform: t, sigma: 3,
                                                                 color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.4), clip: .none)))
            commands.append(.fill(Fill(shape: card, transform: t, color: color(1), clip: scissor)))
            if i % 4 == 1 {
                commands.append(.fill(Fill(shape: RoundedRect(rect: Rect(10, 10, 30, 20), cornerRadius: 4), transform: t,
                                           color: color(0.5), clip: .none)))
            }
            commands.append(.border(Border(outer: card, width: 2, transform: t, color: color(1), clip: .none)))
            if i == count / 2 {
                commands += [.beginOffscreen(0), .fill(Fill(shape: card, transform: .identity, color: color(1), clip: .none)), .endOffscreen,
                             .image(ImageDraw(source: .offscreen(0), destination: Rect(0, 0, 60, 40), sourceRect: Rect(0, 0, 1, 1),
                                              transform: .translation(70.25, 30.5), sampling: .nearest, opacity: 0.5, clip: .none))]
            }
        }
        var plan = RenderPlan(width: 200, height: 120, clearColor: TestSupport.white,
                              offscreens: [Offscreen(width: 60, height: 40, reason: .groupOpacity(layer: "group"))], commands: commands)
        plan.layers = layers
        return plan
    }

    @Test("culling leaves every pixel bit-identical")
    func cullingIsExact() throws {
        let plan = OcclusionTests.cardsPlan(count: 40)
        let culled = try TestSupport.backend()
        let plain = try TestSupport.backend()
        plain.options.occlusionCulling = false
        culled.options.shadowFusion = false
        let a = try culled.render(plan), b = try plain.render(plan)
        var differing = 0
        for y in 0..<plan.height { for x in 0..<plan.width where a[x, y] != b[x, y] { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels differ")
        #expect(a == (try culled.render(plan)), "a second frame is the same")
    }

    @Test("the opaque pass paints opaque colors on disjoint pieces of the canvas")
    func opaquePassSelection() {
        let plan = OcclusionTests.cardsPlan(count: 10)
        let instances = CanvasPieces(plan, width: plan.width, height: plan.height).opaqueInstances
        let n = OpaqueInstances.opaqueInstanceFloats
        #expect(instances.count % n == 0 && !instances.isEmpty)
        #expect(stride(from: n - 1, to: instances.count, by: n).allSatisfy { instances[$0] == 1 })
        var painted = [Bool](repeating: false, count: plan.width * plan.height), overlaps = 0
        for i in stride(from: 0, to: instances.count, by: n) {
            for y in Int(instances[i + 1])..<Int(instances[i + 3]) {
                for x in Int(instances[i])..<Int(instances[i + 2]) {
                    #expect(x >= 0 && y >= 0 && x < plan.width && y < plan.height)
                    if painted[y * plan.width + x] { overlaps += 1 }
                    painted[y * plan.width + x] = true
                }
            }
        }
        #expect(overlaps == 0, "every pixel is painted once at most")
    }
}

