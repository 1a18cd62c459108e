import Testing
@testable import Lamina

/// SCENE_FORMAT.md "Layer classes (v1.2)": `class`, the keys of CATextLayer, CAGradientLayer and
/// CAShapeLayer, the top-level `fonts`, and their animatable key paths.
@Suite struct LayerClassDecodingTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    static let gray = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static func root(_ body: String, top: String = "") throws -> Layer {
        try SceneDecoder().decode(sceneWithRoot(body, top: top), fileName: "card.json").root
    }

    @Test func aTextLayerDecodesWithCATextLayersDefaults() throws {
        let l = try Self.root(#""class": "CATextLayer", "string": "Hi""#)
        let t = try #require(l.text)
        #expect(l.layerClass == .text && t.string == "Hi" && t.font == "Helvetica" && t.fontSize == 36)
        #expect(t.foregroundColor == .white && t.alignmentMode == .natural && !t.isWrapped && t.truncationMode == .none)
        #expect(t.contentsScale == nil)
    }

    @Test func runsCarryTheirOwnFontSizeAndColor() throws {
        let l = try Self.root(#""class": "CATextLayer", "contentsScale": 3, "font": "DejaVu Sans:Bold", "fontSize": 20, "isWrapped": true, "alignmentMode": "justified", "truncationMode": "middle", "string": [{"text": "a"}, {"text": "b", "fontSize": 12, "foregroundColor": "red", "font": "Mono"}]"#)
        let t = try #require(l.text)
        #expect(t.runs == [TextSpan("a"), TextSpan("b", font: "Mono", fontSize: 12, foregroundColor: Self.red)])
        #expect(t.string == "ab" && t.contentsScale == 3 && l.contentsScale == 1)
        #expect(t.font == "DejaVu Sans:Bold" && t.fontSize == 20 && t.isWrapped && t.alignmentMode == .justified && t.truncationMode == .middle)
    }

    @Test func aGradientAndAShapeDecode() throws {
        let g = try #require(try Self.root(##""class": "CAGradientLayer", "colors": ["red", "#0000FF80"], "locations": [0.2, 0.8], "type": "conic", "startPoint": [0.5, 0.5], "endPoint": [1, 0.5]"##).gradient)
        #expect(g.colors == [Self.red, Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)] && g.locations == [0.2, 0.8])
        #expect(g.type == .conic && g.startPoint == Point(0.5, 0.5) && g.endPoint == Point(1, 0.5))
        #expect(GradientContent(colors: [Self.red, Self.red, Self.blue]).stopLocations == [0, 0.5, 1])
        let s = try #require(try Self.root(#""class": "CAShapeLayer", "path": {"svg": "M0 0 L10 10"}, "fillColor": "clear", "strokeColor": "blue", "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4, "lineDashPattern": [2, 1, 3], "lineDashPhase": -1, "strokeStart": 0.1, "strokeEnd": 0.9, "fillRule": "evenOdd""#).shape)
        #expect(s.fillColor == .clear && s.strokeColor == Self.blue && s.lineWidth == 3 && s.lineCap == .round && s.lineJoin == .bevel)
        #expect(s.miterLimit == 4 && s.lineDashPattern == [2, 1, 3] && s.lineDashPhase == -1 && s.strokeStart == 0.1 && s.strokeEnd == 0.9)
        #expect(s.fillRule == .evenOdd && s.filledPath?.fillRule == .evenOdd)
        #expect(ShapeContent().fillColor == .black && ShapeContent().strokeColor == .clear && ShapeContent().lineWidth == 1)
    }

    @Test(arguments: [
        (#""string": "x""#, #"card.json: root.string: "string" belongs to a CATextLayer layer ("class": "CATextLayer"); this layer is a CALayer"#),
        (#""class": "CAShapeLayer", "colors": []"#, #"card.json: root.colors: "colors" belongs to a CAGradientLayer layer ("class": "CAGradientLayer"); this layer is a CAShapeLayer"#),
        (#""class": "CATextLayer", "contents": "a""#, #"card.json: root.contents: a CATextLayer draws its own content; "contents" is only for a CALayer"#),
        (#""class": "CATextlayer""#, #"card.json: root.class: expected one of "CALayer", "CATextLayer", "CAGradientLayer", "CAShapeLayer", got "CATextlayer"; did you mean "CATextLayer"?"#),
        (#""class": "CATextLayer", "fontSize": 5000"#, "card.json: root.fontSize: fontSize 5000 passes the limit of 4096 points"),
        (#""class": "CATextLayer", "fontSize": 0"#, "card.json: root.fontSize: expected a number > 0, got 0"),
        (#""class": "CATextLayer", "string": [{"txt": "a"}]"#, #"card.json: root.string[0].txt: unknown key "txt"; did you mean "text"?"#),
        (#""class": "CATextLayer", "string": 5"#, #"card.json: root.string: expected a string or an array of runs ({"text": …, "font", "fontSize", "foregroundColor"}), got 5"#),
        (#""class": "CATextLayer", "alignmentMode": "centre""#, #"card.json: root.alignmentMode: expected one of "natural", "left", "right", "center", "justified", got "centre"; did you mean "center"?"#),
        (#""class": "CAGradientLayer", "colors": ["red"], "locations": [0, 1]"#, "card.json: root.locations: expected one location per color (1), got 2"),
        (#""class": "CAGradientLayer", "colors": ["red", "blue"], "locations": [0.5, 0.2]"#, "card.json: root.locations[1]: expected locations in non-decreasing order, got 0.2 after 0.5"),
        (#""class": "CAGradientLayer", "type": "sweep""#, #"card.json: root.type: expected one of "axial", "radial", "conic", got "sweep""#),
        (#""class": "CAShapeLayer", "path": {"svg": "M0 0", "fillRule": "evenOdd"}"#, #"card.json: root.path.fillRule: a shape layer's path has no "fillRule" of its own; set the layer's "fillRule""#),
        (#""class": "CAShapeLayer", "lineDashPattern": [0, 0]"#, "card.json: root.lineDashPattern: expected dash lengths not all 0"),
        (#""class": "CAShapeLayer", "lineDashPattern": [1, -1]"#, "card.json: root.lineDashPattern[1]: expected a number ≥ 0, got -1"),
        (#""class": "CAShapeLayer", "miterLimit": 0.5"#, "card.json: root.miterLimit: expected a number ≥ 1, got 0.5"),
        (#""class": "CAShapeLayer", "strokeEnd": 2"#, "card.json: root.strokeEnd: expected a number in 0…1, got 2"),
    ])
    func badLayerClassKeys(body: String, line: String) {
        #expect(rootErrorLine(body) == line)
    }

    @Test func dashPatternsPastTheLimitAreRefusedAsALimit() {
        let numbers = Array(repeating: "1", count: 1025).joined(separator: ",")
        #expect(rootErrorLine(#""class": "CAShapeLayer", "lineDashPattern": [\#(numbers)]"#)
                == "card.json: root.lineDashPattern: the dash pattern has 1025 numbers; the limit is 1024")
    }

    @Test func gradientsPastTheStopLimitAreRefusedAsALimit() {
        let colors = Array(repeating: #""red""#, count: 1025).joined(separator: ",")
        #expect(rootErrorLine(#""class": "CAGradientLayer", "colors": [\#(colors)]"#)
                == "card.json: root.colors: the gradient has 1025 stops; the limit is 1024")
    }

    @Test func fontsAreLoadedAndCheckedByTheirBytes() throws {
        let ttf = "data:font/ttf;base64," + Self.base64([0, 1, 0, 0] + Array(repeating: 0, count: 12))
        var bytesOnly = SceneDecoder()
        bytesOnly.textEngine = nil
        let scene = try bytesOnly.decode(sceneWithRoot(#""class": "CATextLayer", "font": "Brand""#, top: #""fonts": {"Brand": "\#(ttf)"},"#))
        #expect(scene.fonts["Brand"]?.bytes.count == 16 && scene.fonts["Brand"]?.source == "data URI")
        let png = "data:font/ttf;base64," + Self.base64(Array("\u{89}PNG0000000000000".utf8))
        #expect(sceneErrorLine(sceneWithRoot("", top: #""fonts": {"Brand": "\#(png)"},"#))?.hasPrefix("card.json: fonts.Brand: not a TrueType or OpenType font") == true)
        #expect(sceneErrorLine(sceneWithRoot("", top: #""fonts": {"Brand": "data:font/woff;base64,AAAA"},"#))
                == #"card.json: fonts.Brand: expected a data:font/ttf or data:font/otf URI in base64 ("data:font/ttf;base64,…"), got "data:font/woff;base64,AAAA""#)
        #expect(sceneErrorLine(sceneWithRoot("", top: #""fonts": {"Brand": "../x.ttf"},"#)) == #"card.json: fonts.Brand: "../x.ttf" leads outside the scene's folder ("..")"#)
        #expect(sceneErrorLine(sceneWithRoot("", top: #""fonts": {"Brand": "\#(ttf)#1"},"#)) != nil)
    }

    @Test(arguments: [
        (#""animations": [{"keyPath": "fontSize", "to": 3}]"#, #"card.json: root.animations[0].keyPath: "fontSize" is a key path of a CATextLayer layer; this layer is a CALayer"#),
        (#""class": "CAGradientLayer", "colors": ["red", "blue"], "animations": [{"keyPath": "colors", "from": ["red"], "to": ["red", "blue"]}]"#,
         #"card.json: root.animations[0].to: every value of "colors" must have the same number of colors"#),
        (#""class": "CAShapeLayer", "animations": [{"keyPath": "path", "from": {"svg": "M0 0 L1 1"}, "to": {"svg": "M0 0 Q1 1 2 2"}}]"#,
         #"card.json: root.animations[0].to: "path" animates between paths of the same commands in the same order"#),
        (#""class": "CAShapeLayer", "animations": [{"keyPath": "strokeEnd", "to": 1.5}]"#, "card.json: root.animations[0].to: expected a number in 0…1, got 1.5"),
    ])
    func badContentAnimations(body: String, line: String) {
        #expect(rootErrorLine(body) == line)
    }

    @Test func contentKeyPathsAnimate() throws {
        var shape = try Self.root(#""class": "CAShapeLayer", "path": {"svg": "M0 0 L10 0"}, "animations": [{"keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1}, {"keyPath": "path", "to": {"svg": "M0 0 L10 20"}, "duration": 1}]"#)
        var still = shape.presentation(at: 0.25)
        #expect(still.shape?.strokeEnd == 0.25 && still.shape?.path == .svg(SVGPath(segments: [.move(Point(0, 0)), .line(Point(10, 5))]), fillRule: .nonZero))
        let gradient = try Self.root(#""class": "CAGradientLayer", "colors": ["black", "white"], "animations": [{"keyPath": "colors", "to": ["white", "black"], "duration": 1}, {"keyPath": "locations", "from": [0, 0.5], "to": [0.5, 1], "duration": 1}]"#)
        let g = try #require(gradient.presentation(at: 0.5).gradient)
        #expect(g.colors == [Self.gray, Self.gray])
        #expect(g.locations == [0.25, 0.75])
        var text = Layer.text("x", fontSize: 10)
        text.animations = [Animation(keyPath: .fontSize, from: .number(10), to: .number(30), duration: 1),
                           Animation(keyPath: .foregroundColor, to: .color(.black), duration: 1)]
        still = text.presentation(at: 0.5)
        #expect(still.text?.fontSize == 20 && still.text?.foregroundColor == Self.gray)
        shape.shape?.strokeColor = Self.red
        #expect(AnimationKeyPath.strokeColor.value(of: shape) == .color(Self.red))
        #expect(throws: AnimationError.mismatchedValues(keyPath: .colors)) {
            try Animation(keyPath: .colors, from: .colors([Self.red]), to: .colors([Self.red, Self.blue])).validate()
        }
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            var v = 0
            for k in 0..<3 { v = v << 8 | (k < n ? Int(bytes[i + k]) : 0) }
            for k in 0..<4 { out.append(k <= n ? table[(v >> (18 - 6 * k)) & 63] : "=") }
            i += 3
        }
        return out
    }
}
