import Testing
@testable import Lamina

/// Core Animation's timing model in the live tree: beginTime 0 = now, layer time (speed, timeOffset),
/// isRemovedOnCompletion, start and stop callbacks, presentation() and model(), implicit animations and
/// transactions with their completion.
@Suite struct LiveTimingTests {
    static func tree(_ clock: ManualFrameClock) -> (LayerTree, LiveLayer) {
        var root = Layer()
        root.setFrame(Rect(0, 0, 100, 100))
        let tree = LayerTree(scene: Scene(width: 100, height: 100, root: root))
        tree.clock = clock
        let child = LiveLayer()
        child.setFrame(Rect(10, 10, 20, 20))
        tree.root.addSublayer(child)
        _ = tree.nextFrame(at: clock.now)
        return (tree, child)
    }

    static func opacity(_ from: Double, _ to: Double, duration: Double = 1) -> Animation {
        Animation(keyPath: .opacity, from: .number(from), to: .number(to), duration: duration)
    }

    @Test func beginTimeZeroMeansNow() throws {
        let clock = ManualFrameClock(5)
        let (tree, layer) = Self.tree(clock)
        try layer.add(Self.opacity(0, 1), forKey: "fade")
        #expect(layer.animation(forKey: "fade")?.beginTime == 5)
        clock.set(5.5)
        #expect(abs(layer.presentation().opacity - 0.5) < 1e-12)
        #expect(layer.model().opacity == 1)
        _ = tree.nextFrame(at: 5.5)
        #expect(abs(tree.currentTime - 5.5) < 1e-12)
    }

    @Test func aLayerOfSpeedZeroPausesItsSubtree() throws {
        let clock = ManualFrameClock(0)
        let (tree, layer) = Self.tree(clock)
        try layer.add(Self.opacity(0, 1, duration: 2), forKey: nil)
        clock.set(1)
        tree.root.timing = LayerTiming(beginTime: 0, speed: 0, timeOffset: 1)
        clock.set(1.7)
        #expect(abs(layer.presentation().opacity - 0.5) < 1e-12, "paused at local time 1 of 2")
        tree.root.timing = LayerTiming(beginTime: 1.7, speed: 2, timeOffset: 1)
        clock.set(1.95)
        #expect(abs(layer.presentation().opacity - 0.75) < 1e-12, "resumed at twice the speed: local 1.5")
        let frame = tree.nextFrame(at: 1.95)
        #expect(abs(frame.scene.root.sublayers[0].opacity - 0.75) < 1e-12)
    }

    @Test func animationsEndAsCoreAnimationsDo() throws {
        let clock = ManualFrameClock(0)
        let (tree, layer) = Self.tree(clock)
        var events: [String] = []
        try layer.add(Self.opacity(0, 0.5), forKey: "removed", didStart: { events.append("start removed") },
                  didStop: { events.append("stop removed \($0)") })
        var kept = Animation(keyPath: .cornerRadius, from: .number(0), to: .number(8), duration: 1)
        kept.isRemovedOnCompletion = false
        kept.fillMode = .forwards
        try layer.add(kept, forKey: "kept", didStop: { events.append("stop kept \($0)") })
        try layer.add(Self.opacity(1, 0), forKey: "replaced", didStop: { events.append("stop replaced \($0)") })
        try layer.add(Self.opacity(0.2, 0.3), forKey: "replaced")
        _ = tree.nextFrame(at: 0.1)
        tree.deliverAnimationEvents()
        #expect(events == ["stop replaced false", "start removed"])
        events.removeAll()
        clock.set(1.5)
        _ = tree.nextFrame(at: 1.5)
        #expect(events.isEmpty, "callbacks wait until the frame is drawn")
        tree.deliverAnimationEvents()
        #expect(events == ["stop removed true", "stop kept true"])
        #expect(layer.animationKeys == ["kept"])
        #expect(layer.presentation().cornerRadius == 8 && layer.presentation().opacity == 1)
    }

    @Test func implicitAnimationsFollowTheTransaction() {
        let clock = ManualFrameClock(0)
        let (tree, layer) = Self.tree(clock)
        layer.opacity = 0.2
        #expect(layer.properties.animations.isEmpty, "a tree starts with implicit animations off")
        tree.implicitAnimations = true
        var done = false
        tree.begin(animationDuration: 2, timingFunction: .linear, completion: { done = true })
        layer.opacity = 1
        layer.position = Point(60, 60)
        tree.commit()
        clock.set(1)
        #expect(abs(layer.presentation().opacity - 0.6) < 1e-12)
        #expect(layer.presentation().position == Point(40, 40))
        _ = tree.nextFrame(at: 1)
        tree.deliverAnimationEvents()
        #expect(!done)
        clock.set(2)
        _ = tree.nextFrame(at: 2)
        tree.deliverAnimationEvents()
        #expect(done && layer.properties.animations.isEmpty && layer.presentation().opacity == 1)

        layer.actions["opacity"] = .disabled
        layer.opacity = 0.5
        tree.begin(disableActions: true)
        layer.position = Point(0, 0)
        tree.commit()
        #expect(layer.properties.animations.isEmpty, "no action for opacity, actions disabled for position")
        var spring = Animation(keyPath: .opacity)
        spring.kind = .spring(Spring())
        layer.actions["cornerRadius"] = .animation(spring)
        layer.cornerRadius = 10
        #expect(layer.animation(forKey: "cornerRadius").map { if case .spring = $0.kind { true } else { false } } == true)
        #expect(layer.animation(forKey: "cornerRadius")?.keyPath == .cornerRadius && layer.animation(forKey: "cornerRadius")?.from == .number(0))
    }
}
