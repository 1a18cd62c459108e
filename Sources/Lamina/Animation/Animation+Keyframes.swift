/// The value at a fraction of a basic, spring or keyframe animation: keyframes by `calculationMode`
/// (linear, discrete, paced, cubic) with `timingFunctions` per segment (SCENE_FORMAT.md "More animations
/// (v1.3)").
extension Animation {
    /// The value at fraction `f` (0 = start, 1 = end; an overshooting easing or a spring may leave 0…1,
    /// and values then extrapolate linearly).
    public func value(atFraction f: Double, model: AnimationValue) -> AnimationValue {
        guard let values, values.count >= 2 else {
            return AnimationValue.interpolate(from ?? model, to ?? model, f)
        }
        switch calculationMode {
        case .discrete:
            let times = keyTimesInUse(values)
            return values[times.lastIndex(where: { $0 <= f }) ?? 0]
        case .paced:
            let times = Animation.pacedKeyTimes(values)
            let (i, s) = Animation.segment(times, f)
            return AnimationValue.interpolate(values[i], values[i + 1], s)
        case .linear:
            let times = keyTimesInUse(values)
            let (i, s) = Animation.segment(times, f)
            return AnimationValue.interpolate(values[i], values[i + 1], eased(s, segment: i))
        case .cubic:
            let times = keyTimesInUse(values)
            let (i, s) = Animation.segment(times, f)
            return Animation.hermite(values, times, segment: i, eased(s, segment: i))
        }
    }

    /// `keyTimes` when there is one per value, else evenly spaced.
    func keyTimesInUse(_ values: [AnimationValue]) -> [Double] {
        keyTimes.flatMap { $0.count == values.count ? $0 : nil }
            ?? (0..<values.count).map { Double($0) / Double(values.count - 1) }
    }

    private func eased(_ s: Double, segment i: Int) -> Double {
        guard let timingFunctions, i < timingFunctions.count else { return s }
        return timingFunctions[i](s)
    }

    /// The segment holding fraction `f` and the fraction within it (a zero-length segment gives 1; before 0
    /// and past 1 the first and last segments extrapolate).
    static func segment(_ times: [Double], _ f: Double) -> (Int, Double) {
        var i = 0
        while i < times.count - 2 && f >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        return (i, span > 0 ? (f - times[i]) / span : 1)
    }

    /// Key times at equal speed: each value's share of the path's length, measured by the Euclidean
    /// distance of the values' components; evenly spaced when all values are equal.
    static func pacedKeyTimes(_ values: [AnimationValue]) -> [Double] {
        var lengths = [0.0]
        for i in 1..<values.count {
            let a = values[i - 1].components, b = values[i].components
            let d = zip(a, b).reduce(0.0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
            lengths.append(lengths[i - 1] + (d.isFinite ? d : 0))
        }
        let total = lengths[values.count - 1]
        guard total > 0 else { return (0..<values.count).map { Double($0) / Double(values.count - 1) } }
        var times = lengths.map { $0 / total }
        times[values.count - 1] = 1
        return times
    }

    /// The cubic Hermite spline through `values` at `times` on segment `i` at fraction `s`, per component:
    /// tangent (vᵢ₊₁ − vᵢ₋₁)/(kᵢ₊₁ − kᵢ₋₁) at an interior key, the chord's slope of its segment at either end.
    static func hermite(_ values: [AnimationValue], _ times: [Double], segment i: Int, _ s: Double) -> AnimationValue {
        let n = values.count
        let h = times[i + 1] - times[i]
        guard h > 0 else { return values[i + 1] }
        func tangent(_ j: Int) -> [Double] {
            let lo = max(j - 1, 0), hi = min(j + 1, n - 1)
            let (a, b) = j == 0 ? (0, 1) : j == n - 1 ? (n - 2, n - 1) : (lo, hi)
            let dt = times[b] - times[a]
            return zip(values[a].components, values[b].components).map { dt > 0 ? ($1 - $0) / dt : 0 }
        }
        let p0 = values[i].components, p1 = values[i + 1].components
        let m0 = tangent(i), m1 = tangent(i + 1)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        var out: [Double] = []
        for c in p0.indices {
            let v = h00 * p0[c] + h10 * h * m0[c] + h01 * p1[c] + h11 * h * m1[c]
            out.append(v.isFinite ? v : p1[c])
        }
        return values[i].withComponents(out)
    }
}
