import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// A batch of the offscreen atlas may take a page only after every offscreen the page held before was read:
/// a plan limited to damage rects (`RenderPlan.restricted(to:)`) composites an offscreen in a later copy,
/// after other offscreens were drawn.
@Suite("Atlas pages are reused only after their offscreens were read", .serialized)
struct AtlasPageReuseTests {
    /// Ten 8×8 groups drawn in order; the composite of group 0 comes last, after all the others.
    static func lateReaderPlan() -> RenderPlan {
        var plan = OffscreenLifetimeTests.plan(count: 10)
        let composite = plan.commands.remove(at: 3)
        plan.commands.append(composite)
        return plan
    }

    @Test("a batch that would overwrite an offscreen still to be read is not started; that offscreen keeps a target")
    func packing() throws {
        let plan = Self.lateReaderPlan()
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: 32, pageHeightLimit: 16)
        let early = try #require(atlas.batches.first)
        #expect(early.map(\.id) == [0, 1])
        #expect(atlas.batches.map { $0.map(\.id) } == [[0, 1], [2, 3]])
        let page0 = atlas.batches.indices.filter { OffscreenAtlas.page(ofBatch: $0) == 0 && $0 > 0 }
        #expect(page0.isEmpty, "batch 0's page must not be reused before offscreen 0 is read, at the plan's end")
        #expect(atlas.batches.count == 2)
        #expect((4..<10).allSatisfy { atlas.placements[$0] == nil })
    }

    /// Twenty 256×256 groups (eight fill a 1024×512 page, so three batches) in different colours, composited
    /// at half opacity over each other; the composite of group 0 comes last.
    static func lateReaderOnRealPages() -> RenderPlan {
        var commands: [DrawCommand] = []
        for i in 0..<20 {
            let color = PremultipliedColor(red: Double(i) / 20, green: 1 - Double(i) / 20, blue: 0.5, alpha: 1)
            commands += OffscreenAtlasTests.group(i, size: Rect(0, 0, 256, 256), color: color, at: .translation(Double(i * 3), 0))
        }
        let composite = commands.remove(at: 3)
        commands.append(composite)
        return RenderPlan(width: 320, height: 256, clearColor: TestSupport.white,
                          offscreens: (0..<20).map { _ in OffscreenAtlasTests.offscreen(256, 256) }, commands: commands)
    }

    @Test("the plan draws the same pixels with and without the atlas")
    func samePixels() throws {
        let plan = Self.lateReaderOnRealPages()
        let atlas = OffscreenAtlas(plan: plan, surfaces: try SurfaceTree(plan), skipped: [], pageWidth: FrameBuilder.atlasPageWidth,
                                   pageHeightLimit: FrameBuilder.atlasPageHeight)
        #expect(atlas.batches.count == 2 && atlas.placements[0] != nil)
        var environment = ProcessInfo.processInfo.environment
        let withAtlas = try GLESBackend(options: GLESOptions(environment: environment))
        environment["LAMINA_GPU_ATLAS"] = "0"
        let without = try GLESBackend(options: GLESOptions(environment: environment))
        #expect(try withAtlas.render(plan) == without.render(plan))
    }
}
