import Lamina
import Testing

/// `SceneError.exceedsLimit` tells a scene past a limit (a service answers 422) from a malformed one (400).
@Suite struct SceneLimitFlagTests {
    static func error(_ text: String) -> SceneError? {
        do {
            _ = try SceneDecoder().decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("canvas, depth and layer-count limits are flagged; malformed values are not")
    func flags() throws {
        let wide = try #require(Self.error(#"{"width":20000,"height":10,"root":{}}"#))
        #expect(wide.exceedsLimit)
        let pixels = try #require(Self.error(#"{"width":16384,"height":16384,"root":{}}"#))
        #expect(pixels.exceedsLimit, "\(pixels)")
        let nested = String(repeating: #"{"sublayers":["#, count: 10_001) + "{}" + String(repeating: "]}", count: 10_001)
        let deep = try #require(Self.error(#"{"width":10,"height":10,"root":\#(nested)}"#))
        #expect(deep.exceedsLimit)
        let malformed = try #require(Self.error(#"{"width":10,"height":10,"root":{"cornerRadius":-1}}"#))
        #expect(!malformed.exceedsLimit)
        let empty = try #require(Self.error(#"{"width":0,"height":10,"root":{}}"#))
        #expect(!empty.exceedsLimit)
    }
}
