import Testing
@testable import Lamina

@Suite struct SceneColorTests {
    func color(_ json: String) throws -> Color {
        try SceneDecoder().decode(sceneWithRoot(#""backgroundColor": "# + json)).root.backgroundColor
    }

    @Test func hexForms() throws {
        #expect(try color("\"#f80\"") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(try color("\"#FF8800\"") == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(try color("\"#ff880080\"") == Color(red: 1, green: 136.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(try color("\"#00000000\"") == .clear)
        #expect(try color("\"#aBc\"") == Color(red: 170.0 / 255, green: 187.0 / 255, blue: 204.0 / 255))
    }

    @Test func arrayForms() throws {
        #expect(try color("[0.25, 0.5, 1]") == Color(red: 0.25, green: 0.5, blue: 1))
        #expect(try color("[0, 0, 0, 0.5]") == Color(red: 0, green: 0, blue: 0, alpha: 0.5))
    }

    @Test func everyNamedColor() throws {
        for name in SceneValueReader.colorNames {
            #expect(try color("\"\(name)\"") == Color.named[name], "\(name)")
        }
        #expect(Set(SceneValueReader.colorNames) == Set(Color.named.keys))
        #expect(try color(#""lightGray""#) == Color(white: 2.0 / 3.0))
        #expect(try color(#""orange""#) == Color(red: 1, green: 0.5, blue: 0))
    }

    @Test(arguments: [
        ("\"#12\"", ##"root.backgroundColor: expected a hex color "#RGB", "#RRGGBB" or "#RRGGBBAA", got "#12""##),
        ("\"#gggggg\"", ##"root.backgroundColor: expected a hex color "#RGB", "#RRGGBB" or "#RRGGBBAA", got "#gggggg""##),
        ("\"#1234\"", ##"root.backgroundColor: expected a hex color "#RGB", "#RRGGBB" or "#RRGGBBAA", got "#1234""##),
        ("\"#\"", ##"root.backgroundColor: expected a hex color "#RGB", "#RRGGBB" or "#RRGGBBAA", got "#""##),
        (#""Red""#, #"root.backgroundColor: unknown color name "Red"; did you mean "red"?"#),
        (#""lightgrey""#, #"root.backgroundColor: unknown color name "lightgrey"; did you mean "lightGray"?"#),
        (#""chartreuse""#, #"root.backgroundColor: unknown color name "chartreuse""#),
        ("[1, 0.5, 2]", "root.backgroundColor[2]: expected a color component in 0…1, got 2"),
        ("[1, -0.5, 0]", "root.backgroundColor[1]: expected a color component in 0…1, got -0.5"),
        (#"[1, 0, 0, "1"]"#, #"root.backgroundColor[3]: expected a color component in 0…1, got "1""#),
        ("[1, 0, 0, 0, 0]", ##"root.backgroundColor: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got [1,0,0,0,0]"##),
        ("{}", ##"root.backgroundColor: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got {}"##),
        ("null", ##"root.backgroundColor: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got null"##),
    ])
    func refusedColors(json: String, expected: String) {
        #expect(rootErrorLine(#""backgroundColor": "# + json) == "card.json: " + expected)
    }

    @Test func everyColorKeyUsesTheSameRules() {
        for key in ["backgroundColor", "borderColor", "shadowColor"] {
            #expect(rootErrorLine("\"\(key)\": \"#12\"")?.hasPrefix("card.json: root.\(key): expected a hex color") == true)
        }
        #expect(sceneErrorLine(sceneWithRoot("", top: #""background": [2,0,0],"#)) == "card.json: background[0]: expected a color component in 0…1, got 2")
    }
}
