import Testing
@testable import Lamina

/// The scene format's v1.3 animations: springs, groups, speed and timeOffset, keyframe timingFunctions and
/// modes, transform key paths; and each broken rule refused with one line naming the file and JSON path.
@Suite struct MoreAnimationDecodingTests {
    static func decode(_ animations: String) throws -> [Animation] {
        try AnimationDecodingTests.decode(animations)
    }

    @Test func aSpringDecodesWithItsDefaultsAndSettlingDuration() throws {
        let a = try #require(try Self.decode(#"{"type": "spring", "keyPath": "position.x", "to": 100}"#).first)
        #expect(a.spring == Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        #expect(a.duration == Spring().settlingDuration && a.duration > 0.5 && a.duration < 2)
        let b = try #require(try Self.decode(#"""
            {"type": "spring", "keyPath": "opacity", "from": 0, "mass": 2, "stiffness": 50, "damping": 0,
             "initialVelocity": -3, "duration": 4, "speed": 2, "timeOffset": 0.5}
            """#).first)
        #expect(b.spring == Spring(mass: 2, stiffness: 50, damping: 0, initialVelocity: -3))
        #expect(b.duration == 4 && b.speed == 2 && b.timeOffset == 0.5)
    }

    @Test func aGroupDecodesItsChildrenAndDefaultDuration() throws {
        let g = try #require(try Self.decode(#"""
            {"type": "group", "beginTime": 1, "fillMode": "forwards", "speed": 2, "animations": [
              {"keyPath": "opacity", "to": 0, "beginTime": 0.5, "duration": 1},
              {"type": "group", "animations": [{"keyPath": "position.x", "to": 5, "duration": 2, "repeatCount": 2}]}
            ]}
            """#).first)
        let children = try #require(g.groupAnimations)
        #expect(children.count == 2 && g.duration == 4 && g.beginTime == 1 && g.speed == 2 && g.fillMode == .forwards)
        #expect(children[1].groupAnimations?.first?.keyPath == .positionX)
    }

    @Test func keyframeOptionsAndTransformKeyPathsDecode() throws {
        let a = try #require(try Self.decode(#"""
            {"type": "keyframe", "keyPath": "transform.translation", "values": [[0,0],[-5,3],[2,2]],
             "calculationMode": "cubic", "timingFunctions": ["easeIn", [0.1, 0.2, 0.3, 0.4]]}
            """#).first)
        #expect(a.keyPath == .transformTranslation && a.values?[1] == .size(Size(-5, 3)) && a.calculationMode == .cubic)
        #expect(a.timingFunctions == [.easeIn, TimingFunction(0.1, 0.2, 0.3, 0.4)!])
        for path in ["transform.rotation", "transform.rotation.z", "transform.scale", "transform.scale.x",
                     "transform.scale.y", "transform.translation.x", "transform.translation.y"] {
            #expect(try Self.decode(#"{"keyPath": "\#(path)", "to": -2}"#).first?.to == .number(-2), "\(path)")
        }
        #expect(try Self.decode(#"{"keyPath": "opacity", "values": [0, 1], "calculationMode": "paced"}"#).first?.calculationMode == .paced)
    }

    static let at = "card.json: root.animations[0]"

    /// `depth` nested groups around an opacity animation.
    static func nested(_ depth: Int) -> String {
        var s = #"{"keyPath": "opacity", "to": 0}"#
        for _ in 0..<depth { s = #"{"type": "group", "animations": [\#(s)]}"# }
        return s
    }

    @Test(arguments: [
        (#"{"type": "spring", "keyPath": "opacity", "mass": 0}"#, #"\#(at).mass: expected a number > 0, got 0"#),
        (#"{"type": "spring", "keyPath": "opacity", "mass": -1}"#, #"\#(at).mass: expected a number > 0, got -1"#),
        (#"{"type": "spring", "keyPath": "opacity", "stiffness": 0}"#, #"\#(at).stiffness: expected a number > 0, got 0"#),
        (#"{"type": "spring", "keyPath": "opacity", "damping": -2}"#, #"\#(at).damping: expected a number ≥ 0, got -2"#),
        (#"{"type": "spring", "keyPath": "opacity", "stiffness": "Infinity"}"#, #"\#(at).stiffness: expected a number > 0, got "Infinity""#),
        (#"{"type": "spring", "keyPath": "opacity", "initialVelocity": "fast"}"#, #"\#(at).initialVelocity: expected a number, got "fast""#),
        (#"{"type": "spring", "keyPath": "opacity", "mass": 1e-300, "stiffness": 1e300}"#, #"\#(at).stiffness: the spring's damping ratio c / (2√(mk)) and frequency √(k/m) must be a finite number"#),
        (#"{"type": "spring", "keyPath": "opacity", "timingFunction": "easeIn"}"#, #"\#(at).timingFunction: a spring animation takes no "timingFunction" (its fraction is not eased)"#),
        (#"{"type": "spring", "keyPath": "opacity", "values": [0, 1]}"#, #"\#(at).values: a spring animation takes no "values" (its fraction is not eased)"#),
        (#"{"type": "spring", "keyPath": "opacity", "damping": 0}"#, #"\#(at).damping: the spring does not settle (|x| < 0.001) within 3600 s; give it more damping or a duration (without "duration" a spring lasts its settling duration)"#),
        (#"{"type": "spring", "keyPath": "opacity", "mass": 1000000, "stiffness": 1, "damping": 0.001}"#, #"\#(at).damping: the spring does not settle (|x| < 0.001) within 3600 s; give it more damping or a duration (without "duration" a spring lasts its settling duration)"#),
        (#"{"keyPath": "opacity", "mass": 2}"#, #"\#(at).mass: "mass" belongs to a spring ("type": "spring")"#),
        (#"{"type": "sprung", "keyPath": "opacity"}"#, #"\#(at).type: expected one of "basic", "keyframe", "spring", "group", got "sprung"; did you mean "spring"?"#),
        (#"{"type": "bouncy", "keyPath": "opacity"}"#, #"\#(at).type: expected one of "basic", "keyframe", "spring", "group", got "bouncy""#),
        (#"{"type": "keyframe", "keyPath": "opacity", "to": 1}"#, #"\#(at): missing required key "values" (a keyframe animation's keyframes)"#),
        (#"{"type": "basic", "keyPath": "opacity", "values": [0, 1]}"#, #"\#(at).values: a basic animation takes "from" and "to"; keyframes need "type": "keyframe""#),
        (#"{"type": "group"}"#, #"\#(at): missing required key "animations" (a group's animations)"#),
        (#"{"type": "group", "keyPath": "opacity", "animations": []}"#, #"\#(at).keyPath: a group takes no "keyPath"; its "animations" carry key paths and values"#),
        (#"{"type": "group", "animations": []}"#, #"\#(at): a group's duration defaults to the latest end of its animations; with none, or one that repeats forever, give it a duration ("duration")"#),
        (#"{"type": "group", "animations": [{"keyPath": "opacity", "repeatCount": "infinite"}]}"#, #"\#(at): a group's duration defaults to the latest end of its animations; with none, or one that repeats forever, give it a duration ("duration")"#),
        (#"{"type": "group", "animations": [{"keyPath": "opacity", "to": "red"}]}"#, #"\#(at).animations[0].to: expected a number in 0…1, got "red""#),
        (#"{"keyPath": "opacity", "animations": []}"#, #"\#(at).animations: "animations" belongs to a group ("type": "group")"#),
        (nested(9), "card.json: root" + String(repeating: ".animations[0]", count: 4) + "…(2 more)…" + String(repeating: ".animations[0]", count: 4) + ": animation groups nest at most 8 deep"),
        (#"{"keyPath": "opacity", "values": [0, 1, 0], "timingFunctions": ["easeIn"]}"#, #"\#(at).timingFunctions: expected 2 timing functions (one per segment between values), got 1"#),
        (#"{"keyPath": "opacity", "to": 1, "timingFunctions": ["easeIn"]}"#, #"\#(at).timingFunctions: "timingFunctions" needs "values" (one timing function per segment)"#),
        (#"{"keyPath": "opacity", "values": [0, 1], "timingFunctions": ["easy"]}"#, #"\#(at).timingFunctions[0]: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or control points [x1, y1, x2, y2], got "easy""#),
        (#"{"keyPath": "opacity", "speed": 0}"#, #"\#(at).speed: expected a number > 0, got 0"#),
        (#"{"keyPath": "opacity", "timeOffset": -1}"#, #"\#(at).timeOffset: expected a number ≥ 0, got -1"#),
        (#"{"keyPath": "opacity", "duration": 1e300, "speed": 1e-300}"#, #"\#(at).repeatCount: beginTime + duration × repeatCount (× 2 with autoreverses) is not a finite number of seconds"#),
        (#"{"keyPath": "transform.translation", "to": 3}"#, #"\#(at).to: expected a size [width, height], got 3"#),
        (#"{"keyPath": "transform.rotate", "to": 3}"#, #"\#(at).keyPath: unknown animatable key path "transform.rotate"; did you mean "transform.rotation"?"#),
    ])
    func refusedWithOneLine(_ animation: String, _ line: String) {
        #expect(sceneErrorLine(AnimationDecodingTests.scene(animation)) == line)
    }

    @Test func eightNestedGroupsDecode() throws {
        #expect(try Self.decode(Self.nested(8)).count == 1)
    }
}
