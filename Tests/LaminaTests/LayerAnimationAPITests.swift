import Testing
@testable import Lamina

/// `add(_:forKey:)`, `removeAnimation(forKey:)`, `removeAllAnimations()` on layers, sampled through a
/// manual clock.
@Suite struct LayerAnimationAPITests {
    static func fade(to value: Double) -> Animation {
        Animation(keyPath: .opacity, from: .number(1), to: .number(value), duration: 1)
    }

    @Test func addingUnderAKeyReplacesTheAnimationOfThatKey() throws {
        var layer = Layer()
        try layer.add(Self.fade(to: 0), forKey: "fade")
        try layer.add(Animation(keyPath: .cornerRadius, to: .number(8), duration: 1))
        try layer.add(Self.fade(to: 0.5), forKey: "fade")
        #expect(layer.animations.count == 2)
        #expect(layer.animationKeys == ["fade"])
        #expect(layer.animation(forKey: "fade")?.to == .number(0.5))
        let clock = ManualFrameClock(0.5)
        #expect(layer.presentation(at: clock.now).opacity == 0.75)
        #expect(layer.presentation(at: clock.now).cornerRadius == 4)
    }

    @Test func removingByKeyAndAll() throws {
        var layer = Layer()
        try layer.add(Self.fade(to: 0), forKey: "a")
        try layer.add(Self.fade(to: 0.2), forKey: "b")
        layer.removeAnimation(forKey: "a")
        #expect(layer.animationKeys == ["b"])
        layer.removeAnimation(forKey: "missing")
        #expect(layer.animations.count == 1)
        layer.removeAllAnimations()
        #expect(layer.animations.isEmpty && layer.presentation(at: 0.5) == layer)
    }

    @Test func anAnimationThatBreaksTheContractIsRefused() {
        var layer = Layer()
        #expect(throws: AnimationError.nonPositiveDuration(0)) {
            try layer.add(Animation(keyPath: .opacity, to: .number(0), duration: 0), forKey: "bad")
        }
        #expect(throws: AnimationError.wrongValueKind(keyPath: .position, expected: .point, got: .number)) {
            try layer.add(Animation(keyPath: .position, to: .number(3)))
        }
        #expect(layer.animations.isEmpty)
    }
}
