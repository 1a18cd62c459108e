/// `CASpringAnimation` and `CAAnimationGroup` as values of `Animation`.
extension Animation {
    /// A spring animation (`CASpringAnimation`) of `keyPath` from `from` to `to` (nil = the model value).
    /// `duration` nil = the spring's settling duration; throws when the parameters break the contract or
    /// the spring does not settle within `Spring.maximumSettlingDuration`.
    public static func spring(keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                              mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                              initialVelocity: Double = 0, duration: Double? = nil) throws(AnimationError) -> Animation {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        try spring.validate()
        var a = Animation(keyPath: keyPath, from: from, to: to)
        a.kind = .spring(spring)
        if let duration {
            a.duration = duration
        } else {
            guard let settling = spring.settlingDuration else { throw .settlingTooLong }
            a.duration = settling
        }
        try a.validate()
        return a
    }

    /// A group (`CAAnimationGroup`) playing `animations` in its local time. `duration` nil = the latest
    /// end (beginTime + active duration / speed) of the animations; throws when there is none (no
    /// animations, or one repeats forever) or the group breaks a rule.
    public static func group(_ animations: [Animation], duration: Double? = nil) throws(AnimationError) -> Animation {
        var a = Animation(keyPath: .opacity)
        a.kind = .group(animations)
        if let duration {
            a.duration = duration
        } else {
            guard let latest = Animation.latestEnd(of: animations) else { throw .groupNeedsDuration }
            a.duration = latest
        }
        try a.validate()
        return a
    }

    /// The latest `endTime` of `animations` when every one ends and the latest is after 0; else nil.
    static func latestEnd(of animations: [Animation]) -> Double? {
        var latest = 0.0
        for a in animations {
            guard let end = a.endTime else { return nil }
            latest = max(latest, end)
        }
        return latest > 0 ? latest : nil
    }

    /// The spring's parameters, when this is a spring animation.
    public var spring: Spring? {
        if case .spring(let s) = kind { return s }
        return nil
    }

    /// The animations of a group, when this is one.
    public var groupAnimations: [Animation]? {
        if case .group(let children) = kind { return children }
        return nil
    }
}
