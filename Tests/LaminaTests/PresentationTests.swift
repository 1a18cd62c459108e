import Testing
@testable import Lamina

/// `Layer.presentation(at:)` and `Scene.presentation(at:)`: every key path written with its sampled
/// value, ranges kept, later animations winning, animations removed.
@Suite struct PresentationTests {
    static func model() -> Layer {
        var l = Layer(name: "card")
        l.bounds = Rect(0, 0, 40, 20)
        l.position = Point(50, 60)
        return l
    }

    /// Each key path animated from → to over 1 s; at t = 0.25 it shows from + (to − from) / 4.
    static let cases: [(AnimationValue, AnimationValue, @Sendable (Layer) -> AnimationValue, AnimationValue)] = [
        (.point(Point(0, 0)), .point(Point(40, 80)), { .point($0.position) }, .point(Point(10, 20))),
        (.number(0), .number(100), { .number($0.position.x) }, .number(25)),
        (.number(0), .number(100), { .number($0.position.y) }, .number(25)),
        (.point(Point(0, 0)), .point(Point(1, 1)), { .point($0.anchorPoint) }, .point(Point(0.25, 0.25))),
        (.size(Size(0, -4)), .size(Size(8, 4)), { .size($0.shadowOffset) }, .size(Size(2, -2))),
        (.number(1), .number(0), { .number($0.opacity) }, .number(0.75)),
        (.number(0), .number(8), { .number($0.cornerRadius) }, .number(2)),
        (.number(0), .number(4), { .number($0.borderWidth) }, .number(1)),
        (.number(0), .number(0.8), { .number($0.shadowOpacity) }, .number(0.2)),
        (.number(2), .number(10), { .number($0.shadowRadius) }, .number(4)),
        (.number(-4), .number(4), { .number($0.zPosition) }, .number(-2)),
        (.rect(Rect(0, 0, 40, 20)), .rect(Rect(4, 8, 80, 60)), { .rect($0.bounds) }, .rect(Rect(1, 2, 50, 30))),
        (.rect(Rect(0, 0, 1, 1)), .rect(Rect(0.5, 0, 0.5, 1)), { .rect($0.contentsRect) }, .rect(Rect(0.125, 0, 0.875, 1))),
        (.color(Color(red: 1, green: 0, blue: 0)), .color(Color(red: 0, green: 0, blue: 1, alpha: 0)),
         { .color($0.backgroundColor) }, .color(Color(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))),
        (.color(.black), .color(.white), { .color($0.borderColor) }, .color(Color(white: 0.25))),
        (.color(.white), .color(.black), { .color($0.shadowColor) }, .color(Color(white: 0.75))),
        (.transform(.identity), .transform(.translation(8, -4)), { .transform($0.affineTransform) }, .transform(.translation(2, -1))),
    ]

    @Test func everyKeyPathIsWrittenWithItsSampledValue() {
        // The v1.3 `transform.` key paths are KeyframeModeAndTransformPathTests' subject, the subclass ones LayerClassDecodingTests'.
        let paths = AnimationKeyPath.allCases.filter { !$0.rawValue.hasPrefix("transform.") && $0.layerClass == nil }
        #expect(Self.cases.count == paths.count)
        for (path, c) in zip(paths, Self.cases) {
            var l = Self.model()
            l.animations = [Animation(keyPath: path, from: c.0, to: c.1, duration: 1)]
            let p = l.presentation(at: 0.25)
            #expect(c.2(p) == c.3, "\(path.rawValue): \(c.2(p))")
            #expect(p.animations.isEmpty)
            #expect(c.2(l.presentation(at: 2)) == path.value(of: Self.model()), "\(path.rawValue) after the end: the model value")
        }
    }

    @Test func overshootingEasingStaysInsideEachPropertysRange() throws {
        var l = Self.model()
        // y(s) = 3(1−s)²s·5 − 3(1−s)s²·4 + s³: 1.476 at s = 0.3 (x = 0.2664), −0.476 at s = 0.7 (x = 0.7336).
        let overshoot = try #require(TimingFunction(0.2, 5, 0.8, -4))
        for (path, upper) in [(AnimationKeyPath.opacity, true), (.cornerRadius, false), (.shadowOpacity, true)] {
            var a = Animation(keyPath: path, from: .number(0), to: .number(1), duration: 1)
            a.timingFunction = overshoot
            l.animations = [a]
            guard case .number(let early) = path.value(of: l.presentation(at: 0.2664)),
                  case .number(let late) = path.value(of: l.presentation(at: 0.7336)) else { Issue.record("not a number"); continue }
            if upper {
                #expect(early == 1, "\(path.rawValue) above 1 is clamped to 1")
            } else {
                #expect(abs(early - 1.476) < 1e-6, "a corner radius has no upper bound: \(early)")
            }
            #expect(late == 0, "\(path.rawValue) below 0 is clamped to 0: \(late)")
        }
    }

    @Test func theLaterAnimationWinsAndPositionXSharesPosition() {
        var l = Self.model()
        let xTo100 = Animation(keyPath: .positionX, from: .number(100), to: .number(100), duration: 1)
        let toOrigin = Animation(keyPath: .position, from: .point(Point(0, 0)), to: .point(Point(0, 0)), duration: 1)
        l.animations = [xTo100, toOrigin]
        #expect(l.presentation(at: 0.5).position == Point(0, 0))
        l.animations = [toOrigin, xTo100]
        #expect(l.presentation(at: 0.5).position == Point(100, 0))
        var late = Animation(keyPath: .position, from: .point(Point(7, 7)), to: .point(Point(7, 7)), duration: 1)
        late.beginTime = 5
        l.animations = [xTo100, late]
        #expect(l.presentation(at: 0.5).position == Point(100, 60), "a later animation not in effect leaves the earlier one")
    }

    @Test func sublayersAndMasksArePresentedUnanimatedOnesUntouched() {
        var child = Self.model()
        child.animations = [Animation(keyPath: .opacity, from: .number(0), to: .number(1), duration: 1)]
        var mask = Layer()
        mask.animations = [Animation(keyPath: .cornerRadius, from: .number(0), to: .number(10), duration: 1)]
        var root = Layer()
        root.sublayers = [Layer(name: "still"), child]
        root.mask = mask
        let scene = Scene(width: 10, height: 10, root: root, time: 3)
        #expect(scene.hasAnimations && !scene.hasInfiniteAnimation && scene.lastAnimationEnd == 1)
        let p = scene.presentation(at: 0.5)
        #expect(p.time == 0.5 && !p.hasAnimations)
        #expect(p.root.sublayers[0] == Layer(name: "still"))
        #expect(p.root.sublayers[1].opacity == 0.5)
        #expect(p.root.mask?.cornerRadius == 5)
    }

    @Test func lastAnimationEndIgnoresInfiniteOnes() {
        var l = Layer()
        var forever = Animation(keyPath: .opacity, to: .number(0), duration: 1)
        forever.repeatCount = .infinite
        var late = Animation(keyPath: .opacity, to: .number(0), duration: 2)
        late.beginTime = 3
        l.animations = [forever, late]
        let scene = Scene(width: 1, height: 1, root: l)
        #expect(scene.lastAnimationEnd == 5 && scene.hasInfiniteAnimation)
    }

    @Test func aManualClockMovesOnlyWhenTold() {
        let clock = ManualFrameClock(1)
        #expect(clock.now == 1)
        clock.advance(by: 0.5)
        #expect(clock.now == 1.5)
        clock.set(0)
        #expect(clock.now == 0)
        let system = SystemFrameClock()
        let a = system.now, b = system.now
        #expect(a >= 0 && b >= a)
    }
}
