import Foundation
import LaminaPNG
import Testing

/// Text through the CLI: a scene's font file named by path, a family fontconfig falls back from (a warning,
/// not an error), and `lamina plan` naming the text it draws.
@Suite struct TextCommandTests {
    static func scene(font: String, fonts: String = "") -> String {
        #"{"width": 120, "height": 40, \#(fonts) "root": {"frame": [0,0,120,40], "backgroundColor": "white", "sublayers": [{"class": "CATextLayer", "frame": [4,4,112,32], "string": "Hello", "font": "\#(font)", "fontSize": 20, "foregroundColor": "black"}]}}"#
    }

    @Test func aSceneFontIsUsedAndAnUnknownFamilyWarns() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: dir + "/brand.ttf")
        try Data(Self.scene(font: "Brand", fonts: #""fonts": {"Brand": "brand.ttf"},"#).utf8).write(to: URL(fileURLWithPath: dir + "/own.json"))
        try Data(Self.scene(font: "No Such Family Xyz").utf8).write(to: URL(fileURLWithPath: dir + "/missing.json"))
        let own = try CLIRunner.run(["render", "own.json", "-o", "own.png", "--backend", "cpu"], in: dir)
        #expect(own.status == 0 && own.stderr.isEmpty, "\(own.stderr)")
        let image = try PNGDecoder.decode(contentsOfFile: dir + "/own.png")
        var ink = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y][0] < 100 { ink += 1 } }
        #expect(ink > 100)
        let missing = try CLIRunner.run(["render", "missing.json", "-o", "missing.png", "--backend", "cpu"], in: dir)
        #expect(missing.status == 0)
        #expect(missing.stderr.hasPrefix(#"warning: font "No Such Family Xyz" is not installed; fontconfig draws it with ""#), "\(missing.stderr)")
        let plan = try CLIRunner.run(["plan", "own.json"], in: dir)
        #expect(plan.status == 0 && plan.stdout.contains(#"text "Hello" Brand 20pt"#), "\(plan.stdout)")
    }
}
