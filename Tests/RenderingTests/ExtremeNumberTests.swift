import Foundation
import Lamina
import LaminaCPU
import LaminaGLES
import LaminaPNG
import Testing

/// Every numeric field of a scene that uses every feature, replaced in turn by extreme finite values:
/// decoding, planning and rendering on both backends either succeed or refuse the scene as bad input
/// with a one-line message. A trap (a Double→Int conversion of an unchecked value, a range with its
/// bounds reversed, an allocation of petabytes) ends the test process, which fails the run.
@Suite(.serialized) struct ExtremeNumberTests {
    static let extremes = ["1e308", "-1e308", "5e-324", "-5e-324", "-0", "1e20", "-1e20", "3e9",
                           "1.7976931348623157e308", "123456789012.5"]

    /// A scene with a data-URI image, a mask, shouldRasterize, a group, a continuous-corner clip and
    /// shadowPaths of every kind (the SVG one with an arc).
    static func baseScene() throws -> String {
        let image = Bitmap(width: 4, height: 4, pixels: (0..<64).map { UInt8(truncatingIfNeeded: $0 * 37) | 0x0F })
        let uri = "data:image/png;base64," + Data(try PNGEncoder.encode(image)).base64EncodedString()
        return """
        {"width": 64, "height": 48, "scale": 1, "images": {"img": "\(uri)"},
         "root": {"frame": [0, 0, 64, 48], "sublayers": [
          {"frame": [4, 4, 40, 30], "backgroundColor": [1, 1, 1, 1], "cornerRadius": 6, "borderWidth": 2,
           "shadowOpacity": 0.5, "shadowRadius": 3, "shadowOffset": [0, 2], "contents": "img",
           "contentsRect": [0, 0, 1, 1], "contentsCenter": [0.25, 0.25, 0.5, 0.5], "contentsScale": 1,
           "minificationFilterBias": 0, "anchorPoint": [0.5, 0.5], "zPosition": 0, "opacity": 0.8,
           "rasterizationScale": 1, "shouldRasterize": true, "affineTransform": [1, 0, 0, 1, 0, 0],
           "mask": {"frame": [0, 0, 40, 30], "backgroundColor": "black", "cornerRadius": 5},
           "sublayers": [
            {"frame": [2, 2, 20, 20], "backgroundColor": "red", "masksToBounds": true, "cornerRadius": 4,
             "cornerCurve": "continuous", "shadowOpacity": 1, "shadowRadius": 2,
             "shadowPath": {"svg": "M0 0 A 10 10 0 0 1 20 20 L 0 20 Z"},
             "sublayers": [
              {"bounds": [0, 0, 10, 10], "position": [3, 3], "backgroundColor": "blue", "shadowOpacity": 1,
               "shadowPath": {"roundedRect": [0, 0, 10, 10], "radius": 3}},
              {"frame": [1, 1, 8, 8], "shadowOpacity": 1, "shadowPath": {"ellipse": [0, 0, 8, 8]}},
              {"frame": [1, 1, 8, 8], "opacity": 0.5, "shadowOpacity": 1, "shadowPath": {"rect": [0, 0, 8, 8]},
               "sublayers": [{"frame": [0, 0, 4, 4], "backgroundColor": "green"},
                             {"frame": [2, 2, 4, 4], "backgroundColor": "green"}]}]}]}]}}
        """
    }

    /// The ranges of the number tokens of a JSON text that lie outside strings.
    static func numberTokens(_ text: [UInt8]) -> [Range<Int>] {
        var tokens: [Range<Int>] = [], i = 0, inString = false
        while i < text.count {
            let c = text[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 1 } else if c == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\"") { inString = true; i += 1; continue }
            if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
                let start = i
                while i < text.count, "0123456789+-.eE".utf8.contains(text[i]) { i += 1 }
                tokens.append(start..<i)
                continue
            }
            i += 1
        }
        return tokens
    }

    /// The scene with every number in turn replaced by each extreme, and SVG paths with extreme numbers.
    static func variants() throws -> [(String, String)] {
        let base = Array(try baseScene().utf8)
        var out: [(String, String)] = []
        for token in numberTokens(base) {
            for value in extremes {
                var text = base
                text.replaceSubrange(token, with: Array(value.utf8))
                out.append(("number #\(token.lowerBound) = \(value)", String(decoding: text, as: UTF8.self)))
            }
        }
        let svgs = ["M0 0 A 1e308 1e308 0 0 1 20 20 Z", "M0 0 A 10 10 0 0 1 1e308 1e308 Z", "M0 0 L 1e308 -1e308 Z",
                    "M0 0 C 1e300 0 0 1e300 5 5 Z", "M0 0 A 5e-324 1e308 1e300 1 0 1e20 1e-20 Z",
                    "M 1e19 1e19 Q -1e19 -1e19 1e18 1e18 Z", "M0 0 A 1e-300 1e-300 0 0 1 20 20 Z"]
        let text = String(decoding: base, as: UTF8.self)
        for svg in svgs {
            out.append(("svg \(svg)", text.replacingOccurrences(of: "M0 0 A 10 10 0 0 1 20 20 L 0 20 Z", with: svg)))
        }
        return out
    }

    /// Decodes, plans and renders on both backends; returns what happened, failing on anything but
    /// success or a bad-input refusal.
    static func outcome(_ json: String, gpu: GLESBackend) -> String {
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder, budget: MemoryBudget(bytes: 256 << 20))
        do {
            let scene = try decoder.decode(json, fileName: "extreme.json")
            let plan = try LargeStack.run { try RenderPlanner.plan(scene, budget: MemoryBudget(bytes: 256 << 20)) }
            _ = try CPUBackend(threads: 2).render(plan)
            _ = try gpu.render(plan)
            return "rendered"
        } catch let e as LaminaFailure {
            return e.kind == .badInput ? "refused" : "\(e.kind): \(e.description)"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func extremeNumbersRenderOrAreRefused() throws {
        let gpu = try GLESBackend()
        let cases = try ExtremeNumberTests.variants()
        #expect(cases.count > 500)
        var refused = 0, rendered = 0
        for (name, json) in cases {
            let result = ExtremeNumberTests.outcome(json, gpu: gpu)
            #expect(result == "rendered" || result == "refused", "\(name): \(result)")
            if result == "refused" { refused += 1 } else if result == "rendered" { rendered += 1 }
        }
        #expect(refused > 0 && rendered > 0)
    }

    @Test func refusalsNameTheLayerAndTheLimit() throws {
        let far = try ExtremeNumberTests.baseScene().replacingOccurrences(of: "\"position\": [3, 3]", with: "\"position\": [3e12, 3]")
        let decoder = SceneDecoder(imageDecoder: ImageSourceDecoder.sceneImageDecoder)
        let scene = try decoder.decode(far, fileName: "far.json")
        #expect(throws: RenderError.self) { try LargeStack.run { try RenderPlanner.plan(scene) } }
        do {
            _ = try LargeStack.run { try RenderPlanner.plan(scene) }
        } catch let e as RenderError {
            #expect(e.kind == .badInput)
            #expect(e.message.hasPrefix("root.sublayers[0].sublayers[0].sublayers[0]: the layer reaches"), "\(e.message)")
            #expect(e.message.contains("limit is 1000000000 px"))
        }
    }
}
