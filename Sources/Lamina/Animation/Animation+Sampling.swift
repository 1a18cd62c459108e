/// Sampling at time t, exactly as SCENE_FORMAT.md "Sampling at time t" specifies.
extension Animation {
    /// The uneased progress through one cycle (0…1) at scene time `time`, after autoreverse and fill;
    /// nil when the animation has no effect then (outside its active time without a fill that holds).
    public func progress(at time: Double) -> Double? {
        let local = time - beginTime
        let span = autoreverses ? 2.0 : 1.0
        if local < 0 { return fillMode.holdsStart ? 0 : nil }
        if local >= activeDuration {
            guard fillMode.holdsEnd else { return nil }
            let cycles = repeatCount.cycles
            let part = cycles - cycles.rounded(.down)
            if part == 0 { return autoreverses ? 0 : 1 }
            let u = part * span
            return u > 1 ? 2 - u : u
        }
        let p = local.truncatingRemainder(dividingBy: duration * span) / duration
        return p > 1 ? 2 - p : p
    }

    /// The eased fraction at scene time `time` (the timing function applied to `progress(at:)`).
    public func fraction(at time: Double) -> Double? {
        progress(at: time).map { timingFunction($0) }
    }

    /// The value this animation gives its key path at scene time `time`, or nil when the model value
    /// shows. `model` is the layer's own value at the key path (the default of `from` and `to`).
    public func value(at time: Double, model: AnimationValue) -> AnimationValue? {
        guard let f = fraction(at: time) else { return nil }
        return value(atFraction: f, model: model)
    }

    /// The value at eased fraction `f` (0 = start, 1 = end; an overshooting easing may leave 0…1).
    public func value(atFraction f: Double, model: AnimationValue) -> AnimationValue {
        guard let values, values.count >= 2 else {
            return AnimationValue.interpolate(from ?? model, to ?? model, f)
        }
        let times = keyTimes.flatMap { $0.count == values.count ? $0 : nil }
            ?? (0..<values.count).map { Double($0) / Double(values.count - 1) }
        if calculationMode == .discrete {
            let i = times.lastIndex(where: { $0 <= f }) ?? 0
            return values[i]
        }
        var i = 0
        while i < values.count - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        guard span > 0 else { return values[i + 1] }
        return AnimationValue.interpolate(values[i], values[i + 1], (f - times[i]) / span)
    }
}
