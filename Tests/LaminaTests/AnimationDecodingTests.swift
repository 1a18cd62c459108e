import Testing
@testable import Lamina

/// The scene format's animations (SCENE_FORMAT.md "Animations (v1.1)"): what decodes, and every rule of
/// the contract fed a wrong value, refused with one line naming the file, the JSON path and what was expected.
@Suite struct AnimationDecodingTests {
    /// A scene whose root has the given animation objects.
    static func scene(_ animations: String, top: String = "") -> String {
        sceneWithRoot(#""bounds": [0,0,10,10], "animations": [\#(animations)]"#, top: top)
    }

    static func decode(_ animations: String) throws -> [Animation] {
        try SceneDecoder().decode(scene(animations), fileName: "card.json").root.animations
    }

    @Test func aBasicAnimationDecodesWithItsDefaults() throws {
        let a = try #require(try Self.decode(#"{"keyPath": "opacity", "to": 0}"#).first)
        #expect(a.keyPath == .opacity && a.from == nil && a.to == .number(0) && a.values == nil)
        #expect(a.beginTime == 0 && a.duration == 0.25 && a.repeatCount == .count(1) && !a.autoreverses)
        #expect(a.fillMode == .removed && a.timingFunction == .linear && a.calculationMode == .linear)
    }

    @Test func everyKeyDecodes() throws {
        let a = try #require(try Self.decode(#"""
            {"keyPath": "position", "values": [[0,0],[10,5],[20,0]], "keyTimes": [0, 0.25, 1],
             "calculationMode": "discrete", "beginTime": -1.5, "duration": 2, "repeatCount": 2.5,
             "autoreverses": true, "fillMode": "both", "timingFunction": [0.1, -0.5, 0.9, 1.5]}
            """#).first)
        #expect(a.values == [.point(Point(0, 0)), .point(Point(10, 5)), .point(Point(20, 0))])
        #expect(a.keyTimes == [0, 0.25, 1] && a.calculationMode == .discrete)
        #expect(a.beginTime == -1.5 && a.duration == 2 && a.repeatCount == .count(2.5) && a.autoreverses)
        #expect(a.fillMode == .both && a.timingFunction == TimingFunction(0.1, -0.5, 0.9, 1.5))
        #expect(try Self.decode(#"{"keyPath": "opacity", "repeatCount": "infinite"}"#)[0].repeatCount == .infinite)
    }

    @Test func everyKeyPathTakesItsKindOfValue() throws {
        let samples: [(String, String, AnimationValue)] = [
            ("position", "[1,2]", .point(Point(1, 2))), ("position.x", "3", .number(3)), ("position.y", "4", .number(4)),
            ("anchorPoint", "[0,1]", .point(Point(0, 1))), ("shadowOffset", "[2,-3]", .size(Size(2, -3))),
            ("opacity", "0.5", .number(0.5)), ("cornerRadius", "6", .number(6)), ("borderWidth", "2", .number(2)),
            ("shadowOpacity", "1", .number(1)), ("shadowRadius", "8", .number(8)), ("zPosition", "-2", .number(-2)),
            ("bounds", "[0,0,5,6]", .rect(Rect(0, 0, 5, 6))), ("contentsRect", "[0,0,0.5,1]", .rect(Rect(0, 0, 0.5, 1))),
            ("backgroundColor", #""red""#, .color(Color(red: 1, green: 0, blue: 0))),
            ("borderColor", "[0,0,1,0.5]", .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5))),
            ("shadowColor", ##""#00FF00""##, .color(Color(red: 0, green: 1, blue: 0))),
            ("affineTransform", "[1,0,0,1,5,6]", .transform(.translation(5, 6))),
        ]
        // The v1.3 `transform.` key paths are MoreAnimationDecodingTests' subject, the v1.2 subclass ones LayerClassDecodingTests'.
        #expect(samples.count == AnimationKeyPath.allCases.filter { !$0.rawValue.hasPrefix("transform.") && $0.layerClass == nil }.count)
        for (path, json, value) in samples {
            let a = try Self.decode(#"{"keyPath": "\#(path)", "from": \#(json)}"#)[0]
            #expect(a.keyPath.rawValue == path && a.from == value, "\(path)")
        }
    }

    @Test func sceneTimeDecodesAndDefaultsToZero() throws {
        #expect(try SceneDecoder().decode(Self.scene("", top: #""time": 1.5,"#)).time == 1.5)
        #expect(try SceneDecoder().decode(Self.scene("")).time == 0)
    }

    @Test func maskLayersMayAnimate() throws {
        let json = sceneWithRoot(#""mask": {"animations": [{"keyPath": "opacity", "to": 0}]}"#)
        #expect(try SceneDecoder().decode(json).root.mask?.animations.count == 1)
    }

    static let at = "card.json: root.animations[0]"

    @Test(arguments: [
        (#"{"keyPath": "positon", "to": [1,2]}"#, #"\#(at).keyPath: unknown animatable key path "positon"; did you mean "position"?"#),
        (#"{"keyPath": "hidden", "to": true}"#, #"\#(at).keyPath: "hidden" cannot be animated; the animatable key paths are position, position.x, position.y, anchorPoint, shadowOffset, opacity, cornerRadius, borderWidth, shadowOpacity, shadowRadius, zPosition, bounds, contentsRect, backgroundColor, borderColor, shadowColor, affineTransform, transform.rotation, transform.rotation.z, transform.scale, transform.scale.x, transform.scale.y, transform.translation, transform.translation.x, transform.translation.y"#),
        (#"{"keyPath": "position.z", "to": 1}"#, #"\#(at).keyPath: unknown animatable key path "position.z"; did you mean "position.x"?"#),
        (#"{"keyPath": 5}"#, #"\#(at).keyPath: expected an animatable key path (a string such as "position"), got 5"#),
        (#"{"to": 1}"#, #"\#(at): missing required key "keyPath""#),
        (#"{"keyPath": "opacity", "durration": 1}"#, #"\#(at).durration: unknown key "durration"; did you mean "duration"?"#),
        (#"{"keyPath": "opacity", "to": "red"}"#, #"\#(at).to: expected a number in 0…1, got "red""#),
        (#"{"keyPath": "opacity", "from": 1.5}"#, #"\#(at).from: expected a number in 0…1, got 1.5"#),
        (#"{"keyPath": "position", "to": 3}"#, #"\#(at).to: expected a point [x, y], got 3"#),
        (#"{"keyPath": "bounds", "to": [0,0,-1,2]}"#, #"\#(at).to[2]: expected a width ≥ 0, got -1"#),
        (#"{"keyPath": "backgroundColor", "to": 1}"#, ##"\##(at).to: expected a color ("#RGB", "#RRGGBB", "#RRGGBBAA", [r, g, b], [r, g, b, a] with components 0…1, or a name such as "red"), got 1"##),
        (#"{"keyPath": "affineTransform", "to": [1,0,0,1]}"#, #"\#(at).to: expected an affine transform [a, b, c, d, tx, ty], got [1,0,0,1]"#),
        (#"{"keyPath": "cornerRadius", "values": [1, -2]}"#, #"\#(at).values[1]: expected a number ≥ 0, got -2"#),
        (#"{"keyPath": "opacity", "from": 0, "values": [0, 1]}"#, #"\#(at).values: "values" cannot be combined with "from" (keyframes replace from/to)"#),
        (#"{"keyPath": "opacity", "values": [0, 1], "to": 1}"#, #"\#(at).values: "values" cannot be combined with "to" (keyframes replace from/to)"#),
        (#"{"keyPath": "opacity", "values": [0]}"#, #"\#(at).values: expected an array of at least 2 values, got [0]"#),
        (#"{"keyPath": "opacity", "values": [0, 1], "keyTimes": [0, 0.5, 1]}"#, #"\#(at).keyTimes: expected 2 key times (one per value), got 3"#),
        (#"{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}"#, #"\#(at).keyTimes[2]: expected the last key time to be 1, got 0.5"#),
        (#"{"keyPath": "opacity", "values": [0, 1, 0, 1], "keyTimes": [0, 0.7, 0.5, 1]}"#, #"\#(at).keyTimes[2]: key times must be ascending; got 0.5 after 0.7"#),
        (#"{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1.5, 1]}"#, #"\#(at).keyTimes[1]: expected a key time in 0…1, got 1.5"#),
        (#"{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, -0.5, 1]}"#, #"\#(at).keyTimes[1]: expected a key time in 0…1, got -0.5"#),
        (#"{"keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0.1, 0.5, 1]}"#, #"\#(at).keyTimes[0]: expected the first key time to be 0, got 0.1"#),
        (#"{"keyPath": "opacity", "to": 0, "keyTimes": [0, 1]}"#, #"\#(at).keyTimes: "keyTimes" needs "values" (one key time per keyframe)"#),
        (#"{"keyPath": "opacity", "duration": 0}"#, #"\#(at).duration: expected a number > 0, got 0"#),
        (#"{"keyPath": "opacity", "duration": -1}"#, #"\#(at).duration: expected a number > 0, got -1"#),
        (#"{"keyPath": "opacity", "repeatCount": 0}"#, #"\#(at).repeatCount: expected a number > 0 or "infinite", got 0"#),
        (#"{"keyPath": "opacity", "repeatCount": -2}"#, #"\#(at).repeatCount: expected a number > 0 or "infinite", got -2"#),
        (#"{"keyPath": "opacity", "repeatCount": "infinte"}"#, #"\#(at).repeatCount: expected a number > 0 or "infinite", got "infinte"; did you mean "infinite"?"#),
        (#"{"keyPath": "opacity", "timingFunction": [1.2, 0, 0.5, 1]}"#, #"\#(at).timingFunction[0]: expected x1 in 0…1 (a Bézier timing curve's x must stay in 0…1), got 1.2"#),
        (#"{"keyPath": "opacity", "timingFunction": [0.2, 0, -0.1, 1]}"#, #"\#(at).timingFunction[2]: expected x2 in 0…1 (a Bézier timing curve's x must stay in 0…1), got -0.1"#),
        (#"{"keyPath": "opacity", "timingFunction": "easeInOut"}"#, #"\#(at).timingFunction: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or control points [x1, y1, x2, y2], got "easeInOut"; did you mean "easeInEaseOut"?"#),
        (#"{"keyPath": "opacity", "timingFunction": [0, 0, 1]}"#, #"\#(at).timingFunction: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or control points [x1, y1, x2, y2], got [0,0,1]"#),
        (#"{"keyPath": "opacity", "timingFunction": "ease"}"#, #"\#(at).timingFunction: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or control points [x1, y1, x2, y2], got "ease"; did you mean "default"?"#),
        (#"{"keyPath": "opacity", "fillMode": "forward"}"#, #"\#(at).fillMode: expected one of "removed", "forwards", "backwards", "both", got "forward"; did you mean "forwards"?"#),
        (#"{"keyPath": "opacity", "calculationMode": "cubicPaced"}"#, #"\#(at).calculationMode: expected one of "linear", "discrete", "paced", "cubic", got "cubicPaced"; did you mean "paced"?"#),
        (#"{"keyPath": "opacity", "autoreverses": 1}"#, #"\#(at).autoreverses: expected true or false, got 1"#),
        (#"{"keyPath": "opacity", "beginTime": "soon"}"#, #"\#(at).beginTime: expected a number, got "soon""#),
        (#"{"keyPath": "opacity", "duration": 1e300, "repeatCount": 1e300}"#, #"\#(at).repeatCount: beginTime + duration × repeatCount (× 2 with autoreverses) is not a finite number of seconds"#),
        (#"{"keyPath": "opacity", "duration": 1e999}"#, "card.json: invalid JSON: line 1, column 113: number 1e999 is out of range"),
        (#"{"keyPath": "opacity", "duration": NaN}"#, "card.json: invalid JSON: line 1, column 113: expected a value, got 'N'"),
        (#"{"keyPath": "opacity", "to": "Infinity"}"#, #"\#(at).to: expected a number in 0…1, got "Infinity""#),
        ("5", "\(at): expected an animation (an object), got 5"),
    ])
    func refusedWithOneLine(_ animation: String, _ line: String) {
        #expect(sceneErrorLine(Self.scene(animation)) == line)
    }

    @Test func animationsMustBeAnArray() {
        #expect(rootErrorLine(#""animations": {}"#) == "card.json: root.animations: expected an array of animations, got {}")
    }

    @Test func sceneTimeMustBeANonNegativeNumber() {
        #expect(sceneErrorLine(Self.scene("", top: #""time": -1,"#)) == "card.json: time: expected a number ≥ 0, got -1")
        #expect(sceneErrorLine(Self.scene("", top: #""time": "now","#)) == #"card.json: time: expected a number ≥ 0, got "now""#)
    }
}
