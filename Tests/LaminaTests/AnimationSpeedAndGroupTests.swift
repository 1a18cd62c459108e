import Testing
@testable import Lamina

/// `speed`, `timeOffset` and groups (SCENE_FORMAT.md "More animations (v1.3)") sampled at chosen times.
@Suite struct AnimationSpeedAndGroupTests {
    /// position.x 0 → 100 over 1 s from `beginTime` 1.
    static func slide(_ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Animation(keyPath: .positionX, from: .number(0), to: .number(100), duration: 1)
        a.beginTime = 1
        configure(&a)
        return a
    }

    static func x(_ a: Animation, at t: Double) -> Double? {
        guard case .number(let x) = a.value(at: t, model: .number(-1)) else { return nil }
        return x
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) < 1e-9
    }

    @Test func speedRunsTheLocalClockFaster() {
        let a = Self.slide { $0.speed = 2 }
        #expect(Self.close(Self.x(a, at: 1.25), 50))
        #expect(Self.close(Self.x(a, at: 1.49), 98))
        #expect(Self.x(a, at: 1.5) == nil, "active for [1, 1 + 1/2)")
        #expect(a.endTime == 1.5)
        let slow = Self.slide { $0.speed = 0.5; $0.fillMode = .forwards }
        #expect(Self.close(Self.x(slow, at: 2), 50))
        #expect(Self.close(Self.x(slow, at: 4), 100))
    }

    @Test func timeOffsetShiftsAndWrapsTheLocalTime() {
        let a = Self.slide { $0.timeOffset = 0.25; $0.repeatCount = .count(2) }
        #expect(Self.close(Self.x(a, at: 1), 25))
        #expect(Self.close(Self.x(a, at: 1.5), 75))
        #expect(Self.close(Self.x(a, at: 1.8), 5), "(0.8 + 0.25) mod 1 in the second cycle")
        #expect(Self.close(Self.x(a, at: 2.8), 5), "local 2.05 wraps into T = 2")
        #expect(Self.x(a, at: 3) == nil)
    }

    @Test(arguments: [
        (Animation.FillMode.removed, nil, nil), (.backwards, 25.0, nil), (.forwards, nil, 25.0), (.both, 25.0, 25.0),
    ] as [(Animation.FillMode, Double?, Double?)])
    func fillsHoldTheStartAndEndOfTheActivePeriod(_ mode: Animation.FillMode, _ before: Double?, _ after: Double?) {
        let a = Self.slide { $0.timeOffset = 0.25; $0.speed = 4; $0.fillMode = mode }
        #expect(Self.close(Self.x(a, at: 0.5), before))
        #expect(Self.close(Self.x(a, at: 1.25), after))
        #expect(Self.close(Self.x(a, at: 1.125), 75))
    }

    @Test func fillWithoutOffsetHoldsTheEndValue() {
        let a = Self.slide { $0.speed = 4; $0.fillMode = .both }
        #expect(Self.close(Self.x(a, at: 0), 0))
        #expect(Self.close(Self.x(a, at: 9), 100))
    }

    /// A group from 1 s lasting 2 s: opacity 1 → 0 over [0.5, 1.5) of group time, position.x over [1, 3)
    /// (cut off at 2).
    static func group(_ configure: (inout Animation) -> Void = { _ in }) throws -> Animation {
        var fade = Animation(keyPath: .opacity, from: .number(1), to: .number(0), duration: 1)
        fade.beginTime = 0.5
        var move = Animation(keyPath: .positionX, from: .number(0), to: .number(100), duration: 2)
        move.beginTime = 1
        var g = try Animation.group([fade, move], duration: 2)
        g.beginTime = 1
        configure(&g)
        return g
    }

    static func present(_ a: Animation, at t: Double) -> Layer {
        var l = Layer()
        l.opacity = 0.9
        l.position = Point(7, 8)
        l.animations = [a]
        return l.presentation(at: t)
    }

    @Test func childrenPlayInTheGroupsLocalTime() throws {
        let g = try Self.group()
        let early = Self.present(g, at: 1.25)
        #expect(early.opacity == 0.9 && early.position.x == 7, "group time 0.25: neither child has begun")
        let mid = Self.present(g, at: 2)
        #expect(abs(mid.opacity - 0.5) < 1e-12 && mid.position.x == 0, "group time 1")
        let late = Self.present(g, at: 2.75)
        #expect(late.opacity == 0.9 && abs(late.position.x - 37.5) < 1e-9, "group time 1.75")
        #expect(Self.present(g, at: 3).position.x == 7, "the group ends at 3: the child is cut off")
    }

    @Test func aGroupsFillHoldsItsChildrenWhereItsCycleEnds() throws {
        let g = try Self.group { $0.fillMode = .forwards }
        #expect(Self.present(g, at: 10).position.x == 50, "cut off at group time 2 = the move's local time 1")
        #expect(Self.present(g, at: 10).opacity == 0.9, "the fade (fill removed) has ended")
    }

    @Test func groupsRepeatAutoreverseAndRunAtTheirSpeed() throws {
        let g = try Self.group { $0.repeatCount = .count(2); $0.autoreverses = true; $0.speed = 2 }
        #expect(g.endTime == 1 + 8 / 2.0)
        // Scene 1.875 → group local 1.75 (first cycle forwards); scene 2.625 → local 3.25 → reversed to 0.75.
        #expect(abs(Self.present(g, at: 1.875).position.x - 37.5) < 1e-9)
        #expect(abs(Self.present(g, at: 2.625).opacity - 0.75) < 1e-12)
    }

    @Test func aGroupsDurationDefaultsToTheLatestEndOfItsChildren() throws {
        var a = Animation(keyPath: .opacity, duration: 1)
        a.beginTime = 0.5
        var b = Animation(keyPath: .positionX, duration: 0.5)
        b.beginTime = 1
        b.repeatCount = .count(3)
        b.speed = 2
        #expect(try Animation.group([a, b]).duration == 1.75)
        b.repeatCount = .infinite
        #expect(throws: AnimationError.groupNeedsDuration) { try Animation.group([a, b]) }
        #expect(try Animation.group([a, b], duration: 4).duration == 4)
        #expect(throws: AnimationError.groupNeedsDuration) { try Animation.group([]) }
    }

    @Test func groupsNestAtMostEightDeep() throws {
        var g = Animation(keyPath: .opacity, to: .number(0), duration: 1)
        for _ in 0..<8 { g = try Animation.group([g]) }
        #expect(throws: AnimationError.groupTooDeep(limit: 8)) { try Animation.group([g]) }
        #expect(Self.present(g, at: 0.5).opacity == 0.45, "eight nested groups still play")
    }

    @Test func speedAndOffsetAreValidated() {
        var a = Self.slide { $0.speed = 0 }
        #expect(throws: AnimationError.nonPositiveSpeed(0)) { try a.validate() }
        a.speed = .infinity
        #expect(throws: AnimationError.notFinite("speed")) { try a.validate() }
        a.speed = 1
        a.timeOffset = -1
        #expect(throws: AnimationError.negativeTimeOffset(-1)) { try a.validate() }
    }
}
