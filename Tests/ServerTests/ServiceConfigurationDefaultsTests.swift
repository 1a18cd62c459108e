import Lamina
import LaminaServer
import Testing

/// The defaults derived from other settings never wrap around.
@Suite struct ServiceConfigurationDefaultsTests {
    @Test func theBufferedBodiesBudgetSaturates() {
        #expect(RenderServiceConfiguration.defaultBufferedBodyBytes(maxBody: 1000) == 4000)
        #expect(RenderServiceConfiguration.defaultBufferedBodyBytes(maxBody: 1 << 62) == Int.max)
        #expect(RenderServiceConfiguration.defaultBufferedBodyBytes(maxBody: Int.max) == Int.max)
        let c = RenderServiceConfiguration { _ in throw RenderError(.internal, "unused") }
        #expect(c.maxBufferedBodyBytes == 4 * Limits.maxDocumentBytes)
    }
}
