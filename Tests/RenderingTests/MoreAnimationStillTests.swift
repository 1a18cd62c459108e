import Foundation
import Lamina
import Testing

/// Still renders of v1.3 animations (SCENE_FORMAT.md "More animations (v1.3)"): a scene at time t equals the
/// static scene with the animated properties set, by hand, to the contract's values at t (≤ 1/255) — a
/// spring, a group, speed and timeOffset, paced keyframes and the `transform.` key paths.
@Suite struct MoreAnimationStillTests {
    typealias Case = AnimationStillTests.Case

    /// The default spring (m 1, k 100, c 10: ζ = ½, ω₀ = 10) written out: e^(−5t)(cos ω_d t + 5/ω_d · sin ω_d t).
    static func springX(_ t: Double) -> Double {
        let wd = 10 * 0.75.squareRoot()
        return exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
    }

    static func slide(_ configure: (inout Animation) -> Void) -> Animation {
        AnimationStillTests.slide(configure)
    }

    static let cases: [Case] = {
        let spring = try! Animation.spring(keyPath: .positionX, from: .number(20), to: .number(80))
        let over = try! Animation.spring(keyPath: .positionX, from: .number(20), to: .number(80), mass: 2, stiffness: 300,
                                         damping: 60, initialVelocity: 3)
        var fade = Animation(keyPath: .opacity, from: .number(1), to: .number(0), duration: 1)
        fade.beginTime = 0.5
        var move = Animation(keyPath: .positionX, from: .number(20), to: .number(80), duration: 2)
        move.beginTime = 1
        var group = try! Animation.group([fade, move], duration: 2)
        group.beginTime = 0.25
        var held = group
        held.fillMode = .forwards
        return [
            Case(name: "spring", animation: spring, time: 0.3, still: { $0.position.x = 20 + 60 * (1 - springX(0.3)) }),
            // ζ = 60 / (2√600) > 1: roots of 2r² + 60r + 300 = 0, x = (1 − B)e^(r₁t) + B·e^(r₂t), B = (r₁ + v₀)/(r₁ − r₂).
            Case(name: "overdamped spring", animation: over, time: 0.2, still: {
                let s = (60.0 * 60 - 4 * 2 * 300).squareRoot()
                let r1 = (-60 + s) / 4, r2 = (-60 - s) / 4
                let b = (r1 + 3) / (r1 - r2)
                $0.position.x = 20 + 60 * (1 - ((1 - b) * exp(r1 * 0.2) + b * exp(r2 * 0.2)))
            }),
            Case(name: "group", animation: group, time: 1.5, still: { $0.opacity = 0.25; $0.position.x = 27.5 }),
            Case(name: "group cut off and held", animation: held, time: 5, still: { $0.position.x = 50 }),
            Case(name: "speed and timeOffset", animation: slide { $0.speed = 2; $0.timeOffset = 0.25 }, time: 0.25,
                 still: { $0.position.x = 65 }),
            Case(name: "paced keyframes", animation: Animation(keyPath: .positionX, values: [.number(20), .number(80), .number(50)],
                                                               keyTimes: [0, 0.9, 1], calculationMode: .paced, duration: 1),
                 time: 0.5, still: { $0.position.x = 65 }),
            Case(name: "transform.rotation", animation: Animation(keyPath: .transformRotation, from: .number(0), to: .number(Double.pi / 2), duration: 1),
                 time: 0.5, still: { $0.affineTransform = .rotation(Double.pi / 4) }),
            Case(name: "transform.scale", animation: Animation(keyPath: .transformScale, to: .number(0.5), duration: 1),
                 time: 0.5, still: { $0.affineTransform = .scale(0.75, 0.75) }),
            Case(name: "transform.translation.x", animation: Animation(keyPath: .transformTranslationX, to: .number(10), duration: 1),
                 time: 0.5, still: { $0.affineTransform = .translation(5, 0) }),
        ]
    }()

    @Test(arguments: cases, Harness.backends)
    func stillAtTimeEqualsTheStaticScene(_ c: Case, _ backend: String) throws {
        try AnimationStillTests().stillAtTimeEqualsTheStaticScene(c, backend)
    }
}
