import Testing
@testable import lamina

/// `lamina soak` picks its baseline frame past the warm-up of its caches: a tenth of the frames, at least 100,
/// unless `--settle` names one.
@Suite struct SoakCommandTests {
    @Test func theDefaultSettleFrameIsATenthOfTheFramesAndAtLeast100() throws {
        #expect(try SoakCommand.parse(["--frames", "2000"]).settleFrame == 200)
        #expect(try SoakCommand.parse([]).settleFrame == 1000, "10 000 frames by default")
        #expect(try SoakCommand.parse(["--frames", "300"]).settleFrame == 100)
        #expect(try SoakCommand.parse(["--frames", "300", "--settle", "150"]).settleFrame == 150)
        #expect(throws: (any Error).self) { try SoakCommand.parse(["--frames", "300", "--settle", "300"]) }
    }
}
