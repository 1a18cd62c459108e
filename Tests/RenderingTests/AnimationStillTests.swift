import Foundation
import Lamina
import Testing

/// Still renders of animated scenes: rendering a scene at time t equals rendering the static scene with
/// each animated property set, by hand, to the value the contract gives at t (≤ 1/255), on both backends —
/// for every key path, timing function, fill mode, autoreverse, fractional repeat and keyframe mode.
@Suite struct AnimationStillTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var animation: Animation
        var time: Double
        /// The layer as it must look at `time`, written by hand.
        var still: @Sendable (inout Layer) -> Void
        /// The layer's own properties besides the base ones.
        var model: @Sendable (inout Layer) -> Void = { _ in }
        var description: String { name }
    }

    static func basic(_ path: AnimationKeyPath, _ from: AnimationValue, _ to: AnimationValue,
                      _ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Animation(keyPath: path, from: from, to: to, duration: 1)
        configure(&a)
        return a
    }

    /// position.x 20 → 80 over 1 s (the model's x is 40).
    static func slide(_ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        basic(.positionX, .number(20), .number(80), configure)
    }

    static let shadow: @Sendable (inout Layer) -> Void = { $0.shadowOpacity = 1; $0.shadowRadius = 2 }

    static let cases: [Case] = [
        Case(name: "position", animation: basic(.position, .point(Point(30, 30)), .point(Point(70, 40))), time: 0.25,
             still: { $0.position = Point(40, 32.5) }),
        Case(name: "position.x", animation: slide(), time: 0.5, still: { $0.position.x = 50 }),
        Case(name: "position.y", animation: basic(.positionY, .number(20), .number(40)), time: 0.5, still: { $0.position.y = 30 }),
        Case(name: "anchorPoint", animation: basic(.anchorPoint, .point(Point(0, 0)), .point(Point(1, 1))), time: 0.25,
             still: { $0.anchorPoint = Point(0.25, 0.25) }),
        Case(name: "shadowOffset", animation: basic(.shadowOffset, .size(Size(0, 0)), .size(Size(8, 8))), time: 0.5,
             still: { $0.shadowOffset = Size(4, 4) }, model: shadow),
        Case(name: "opacity", animation: basic(.opacity, .number(1), .number(0)), time: 0.25, still: { $0.opacity = 0.75 }),
        Case(name: "cornerRadius", animation: basic(.cornerRadius, .number(0), .number(20)), time: 0.5, still: { $0.cornerRadius = 10 }),
        Case(name: "borderWidth", animation: basic(.borderWidth, .number(0), .number(8)), time: 0.5, still: { $0.borderWidth = 4 }),
        Case(name: "shadowOpacity", animation: basic(.shadowOpacity, .number(0), .number(1)), time: 0.5, still: { $0.shadowOpacity = 0.5 }),
        Case(name: "shadowRadius", animation: basic(.shadowRadius, .number(0), .number(8)), time: 0.5,
             still: { $0.shadowRadius = 4 }, model: shadow),
        Case(name: "zPosition", animation: basic(.zPosition, .number(-2), .number(2)), time: 0.75, still: { $0.zPosition = 1 }),
        Case(name: "bounds", animation: basic(.bounds, .rect(Rect(0, 0, 60, 40)), .rect(Rect(0, 0, 20, 20))), time: 0.5,
             still: { $0.bounds = Rect(0, 0, 40, 30) }),
        Case(name: "contentsRect", animation: basic(.contentsRect, .rect(Rect(0, 0, 1, 1)), .rect(Rect(0, 0, 0.5, 0.5))), time: 0.5,
             still: { $0.contentsRect = Rect(0, 0, 0.75, 0.75) }, model: { $0.contents = Harness.checker(size: 16, cell: 2) }),
        Case(name: "backgroundColor", animation: basic(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0)), .color(Color(red: 0, green: 0, blue: 1))),
             time: 0.5, still: { $0.backgroundColor = Color(red: 0.5, green: 0, blue: 0.5) }),
        Case(name: "borderColor", animation: basic(.borderColor, .color(.black), .color(.white)), time: 0.5,
             still: { $0.borderColor = Color(white: 0.5) }, model: { $0.borderWidth = 6 }),
        Case(name: "shadowColor", animation: basic(.shadowColor, .color(Color(red: 1, green: 0, blue: 0)), .color(Color(red: 0, green: 0, blue: 1))),
             time: 0.5, still: { $0.shadowColor = Color(red: 0.5, green: 0, blue: 0.5) }, model: shadow),
        Case(name: "affineTransform", animation: basic(.affineTransform, .transform(.identity), .transform(.rotation(Double.pi / 2))),
             time: 0.5, still: { $0.affineTransform = .rotation(Double.pi / 4) }),
        // Timing functions at progress x where the curve's y is known (its point at parameter ½, by hand).
        Case(name: "easeIn", animation: slide { $0.timingFunction = .easeIn }, time: 0.6575, still: { $0.position.x = 50 }),
        Case(name: "easeOut", animation: slide { $0.timingFunction = .easeOut }, time: 0.3425, still: { $0.position.x = 50 }),
        Case(name: "easeInEaseOut", animation: slide { $0.timingFunction = .easeInEaseOut }, time: 0.5, still: { $0.position.x = 50 }),
        Case(name: "default", animation: slide { $0.timingFunction = .default }, time: 0.3125, still: { $0.position.x = 52.25 }),
        Case(name: "custom Bézier", animation: slide { $0.timingFunction = TimingFunction(0.2, 0.6, 0.4, 0.9)! }, time: 0.35,
             still: { $0.position.x = 61.25 }),
        // Fill modes around an animation that begins at 1 s.
        Case(name: "removed before", animation: slide { $0.beginTime = 1 }, time: 0.5, still: { _ in }),
        Case(name: "removed after", animation: slide { $0.beginTime = 1 }, time: 3, still: { _ in }),
        Case(name: "backwards before", animation: slide { $0.beginTime = 1; $0.fillMode = .backwards }, time: 0.5, still: { $0.position.x = 20 }),
        Case(name: "backwards after", animation: slide { $0.beginTime = 1; $0.fillMode = .backwards }, time: 3, still: { _ in }),
        Case(name: "forwards before", animation: slide { $0.beginTime = 1; $0.fillMode = .forwards }, time: 0.5, still: { _ in }),
        Case(name: "forwards after", animation: slide { $0.beginTime = 1; $0.fillMode = .forwards }, time: 3, still: { $0.position.x = 80 }),
        Case(name: "both before", animation: slide { $0.beginTime = 1; $0.fillMode = .both }, time: 0.5, still: { $0.position.x = 20 }),
        Case(name: "both after", animation: slide { $0.beginTime = 1; $0.fillMode = .both }, time: 3, still: { $0.position.x = 80 }),
        Case(name: "autoreverse", animation: slide { $0.autoreverses = true }, time: 1.25, still: { $0.position.x = 65 }),
        Case(name: "autoreverse end", animation: slide { $0.autoreverses = true; $0.fillMode = .forwards }, time: 4, still: { $0.position.x = 20 }),
        Case(name: "fractional repeat", animation: slide { $0.repeatCount = .count(1.5) }, time: 1.25, still: { $0.position.x = 35 }),
        Case(name: "fractional repeat end", animation: slide { $0.repeatCount = .count(1.5); $0.fillMode = .forwards }, time: 5,
             still: { $0.position.x = 50 }),
        Case(name: "linear keyframes", animation: Animation(keyPath: .positionX, values: [.number(20), .number(80), .number(30)],
                                                             keyTimes: [0, 0.25, 1], duration: 1), time: 0.625, still: { $0.position.x = 55 }),
        Case(name: "discrete keyframes", animation: Animation(keyPath: .positionX, values: [.number(20), .number(80), .number(30)],
                                                               calculationMode: .discrete, duration: 1), time: 0.6, still: { $0.position.x = 80 }),
    ]

    /// A 100×70 canvas: the card (at x 40, the layer under test) over a green sibling.
    static func scene(_ card: Layer, time: Double = 0) -> Scene {
        var sibling = Layer(name: "sibling")
        sibling.bounds = Rect(0, 0, 40, 30)
        sibling.position = Point(60, 45)
        sibling.backgroundColor = Color(red: 0, green: 0.6, blue: 0.2)
        var root = Layer()
        root.bounds = Rect(0, 0, 100, 70)
        root.position = Point(50, 35)
        root.sublayers = [card, sibling]
        return Scene(width: 100, height: 70, background: .white, root: root, time: time)
    }

    static func card(_ c: Case) -> Layer {
        var l = Layer(name: "card")
        l.bounds = Rect(0, 0, 60, 40)
        l.position = Point(40, 35)
        l.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        c.model(&l)
        return l
    }

    @Test(arguments: cases, Harness.backends)
    func stillAtTimeEqualsTheStaticScene(_ c: Case, _ backend: String) throws {
        var animated = Self.card(c)
        animated.animations = [c.animation]
        var still = Self.card(c)
        c.still(&still)
        let atTime = try Harness.render(Self.scene(animated, time: c.time), on: backend)
        let expected = try Harness.render(Self.scene(still), on: backend)
        let d = try #require(BitmapDifference(atTime, expected))
        #expect(d.maxChannel <= 1, "\(c.name) on \(backend): \(d)")
        if still != Self.card(c) {
            let model = try Harness.render(Self.scene(Self.card(c)), on: backend)
            #expect(BitmapDifference(atTime, model)!.maxChannel > 1, "\(c.name): the animation changes the picture")
        }
    }
}
