import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// The combined draws (shadow–fill(–border) fusion, card draws) with and without reading the canvas:
/// with `EXT_shader_framebuffer_fetch` they store their parts as separate draws would; without it (forced
/// here with `destinationFetch = false`, as on contexts that lack the extension) they blend their float
/// composite once and stay within 4/255 of separate draws.
@Suite("Combined draws with and without reading the canvas", .serialized)
struct DestinationFetchTests {
    static func backend(fetch: Bool, fusion: Bool = true, collapse: Bool = true) throws -> GLESBackend {
        var options = GLESOptions()
        options.destinationFetch = fetch
        options.shadowFusion = fusion
        options.groupCollapse = collapse
        return try GLESBackend(options: options)
    }

    @Test("the context offers framebuffer fetch (llvmpipe does), and combined draws then equal separate draws")
    func fetchMatchesSeparateDraws() throws {
        #expect(try Self.backend(fetch: true).programs[ProgramKey(.card)].blendsItself, "llvmpipe offers the extension; the fallback below covers contexts without it")
        #expect(try !Self.backend(fetch: false).programs[ProgramKey(.card)].blendsItself)
        for plan in [OcclusionTests.cardsPlan(count: 40), try CanvasBatchesTests.grid(step: 60)] {
            let combined = try Self.backend(fetch: true).render(plan)
            let apart = try Self.backend(fetch: true, fusion: false, collapse: false).render(plan)
            #expect(ShadowFusionTests.largestDifference(combined, apart) <= 1)
        }
    }

    @Test("without framebuffer fetch the combined draws are drawn and stay within 4/255 of separate draws")
    func fallbackStaysClose() throws {
        for plan in [OcclusionTests.cardsPlan(count: 40), try CanvasBatchesTests.grid(step: 60)] {
            let backend = try Self.backend(fetch: false)
            let combined = try backend.render(plan)
            #expect(backend.counts.fused + backend.counts.cards + backend.counts.collapsedGroups > 0, "\(backend.counts)")
            let apart = try Self.backend(fetch: false, fusion: false, collapse: false).render(plan)
            let largest = ShadowFusionTests.largestDifference(combined, apart)
            #expect(largest <= 4, "largest channel difference \(largest)")
        }
    }
}
