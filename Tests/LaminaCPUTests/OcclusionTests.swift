import Lamina
import Testing
@testable import LaminaCPU

/// A shadow under an opaque card skips the pixels the card stores over; the result must be
/// bit-identical to drawing every shadow pixel (culling off).
@Suite struct OcclusionTests {
    typealias P = PlanBuilding

    /// Shadow then rounded card, optionally with an empty offscreen between them (runs are no longer
    /// cut there, so the card still hides the shadow).
    func plan(separated: Bool, offset: Double, alpha: Double = 1, clip: Clip = .none) -> RenderPlan {
        let shape = RoundedRect(rect: Rect(20.3 + offset, 15.7, 70, 45), cornerRadius: 9)
        let shadow = RoundedRectShadow(shape: RoundedRect(rect: Rect(20.3 + offset, 19.7, 70, 45), cornerRadius: 9),
                                       transform: .identity, sigma: 4,
                                       color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), clip: .none)
        let card = Fill(shape: shape, transform: .identity,
                        color: PremultipliedColor(red: 0.3 * alpha, green: 0.4 * alpha, blue: 0.8 * alpha, alpha: alpha), clip: clip)
        var commands: [DrawCommand] = [.roundedRectShadow(shadow)]
        if separated { commands += [.beginOffscreen(0), .endOffscreen] }
        commands.append(.fill(card))
        return RenderPlan(width: 130, height: 90, clearColor: P.white,
                          offscreens: separated ? [Offscreen(width: 4, height: 4, reason: .groupOpacity(layer: "empty"))] : [],
                          commands: commands)
    }

    static func render(_ plan: RenderPlan, threads: Int = 1, culling: Bool) throws -> Bitmap {
        let backend = CPUBackend(threads: threads)
        backend.occlusionCulling = culling
        return try backend.render(plan)
    }

    @Test(arguments: [0.0, 0.25, 0.5, 3.9])
    func occludedShadowGivesIdenticalPixels(offset: Double) throws {
        for threads in [1, 3] {
            for separated in [false, true] {
                let p = plan(separated: separated, offset: offset)
                let culled = try Self.render(p, threads: threads, culling: true)
                let full = try Self.render(p, threads: threads, culling: false)
                #expect(culled == full, "offset \(offset), \(threads) threads, separated \(separated)")
            }
        }
    }

    @Test func translucentOrClippedFillsStillMatch() throws {
        let clip = Clip(scissor: PixelRect(x: 30, y: 0, width: 40, height: 90), shapes: [])
        for p in [plan(separated: false, offset: 1, alpha: 0.6), plan(separated: false, offset: 1, clip: clip)] {
            #expect(try Self.render(p, culling: true) == Self.render(p, culling: false))
        }
    }

    @Test func shadowUnderTheCardIsHiddenAndAroundItDrawn() throws {
        let b = try P.render(plan(separated: false, offset: 0))
        #expect(b[50, 40] == SIMD4<UInt8>(77, 102, 204, 255))
        #expect(b[50, 70][0] < 255 && b[50, 70][3] == 255)
    }
}
