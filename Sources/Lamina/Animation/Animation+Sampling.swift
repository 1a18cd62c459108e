/// Sampling at time t, exactly as SCENE_FORMAT.md "Sampling at time t" and "More animations (v1.3)"
/// (speed, timeOffset, springs, groups) specify.
extension Animation {
    /// The local time at parent time `time` ((time − beginTime) × speed + timeOffset, wrapped into the
    /// active duration T), or at the start or end of the active period where a fill holds it; T itself
    /// stands for the end. Nil when the animation has no effect then.
    public func localTime(at time: Double) -> Double? {
        let elapsed = time - beginTime
        let active = activeDuration
        let offset = active.isFinite ? timeOffset.truncatingRemainder(dividingBy: active) : timeOffset
        if elapsed < 0 { return fillMode.holdsStart ? offset : nil }
        if elapsed >= active / speed {
            guard fillMode.holdsEnd else { return nil }
            return offset == 0 ? active : offset
        }
        let local = elapsed * speed + timeOffset
        return active.isFinite && local >= active ? local.truncatingRemainder(dividingBy: active) : local
    }

    /// The uneased progress through one cycle (0…1) at local time `local` (0…T, T = the end), after
    /// autoreverse.
    public func progress(atLocalTime local: Double) -> Double {
        let span = autoreverses ? 2.0 : 1.0
        if local >= activeDuration {
            let cycles = repeatCount.cycles
            let part = cycles - cycles.rounded(.down)
            if part == 0 { return autoreverses ? 0 : 1 }
            let u = part * span
            return u > 1 ? 2 - u : u
        }
        let p = local.truncatingRemainder(dividingBy: duration * span) / duration
        return p > 1 ? 2 - p : p
    }

    /// The uneased progress through one cycle (0…1) at time `time`, after speed, time offset,
    /// autoreverse and fill; nil when the animation has no effect then (outside its active time without a
    /// fill that holds).
    public func progress(at time: Double) -> Double? {
        localTime(at: time).map(progress(atLocalTime:))
    }

    /// The fraction at time `time`: the timing function applied to `progress(at:)`, or for a spring
    /// 1 − x(progress × duration) (1 where a forward cycle ends: a spring ends on `to`).
    public func fraction(at time: Double) -> Double? {
        progress(at: time).map(fraction(atProgress:))
    }

    func fraction(atProgress p: Double) -> Double {
        guard case .spring(let spring) = kind else { return timingFunction(p) }
        return p >= 1 ? 1 : 1 - spring.displacement(at: p * duration)
    }

    /// The value this animation gives its key path at time `time`, or nil when the model value shows
    /// (always nil for a group: apply it with `apply(at:model:to:)`). `model` is the layer's own value at
    /// the key path (the default of `from` and `to`).
    public func value(at time: Double, model: AnimationValue) -> AnimationValue? {
        if case .group = kind { return nil }
        guard let f = fraction(at: time) else { return nil }
        return value(atFraction: f, model: model)
    }

    /// Writes what this animation (a group: each of its animations in order, at the group's local time)
    /// gives at time `time` into `layer`; `model` is the layer whose own values fill in missing endpoints.
    public func apply(at time: Double, model: Layer, to layer: inout Layer) {
        if case .group(let children) = kind {
            guard let p = progress(at: time) else { return }
            let local = p * duration
            for child in children { child.apply(at: local, model: model, to: &layer) }
            return
        }
        if let v = value(at: time, model: keyPath.value(of: model)) {
            keyPath.set(v, on: &layer)
        }
    }
}
