/// How the setters of `Layer` bring a number into the range Core Animation draws it in.
///
/// The clamp happens when a property is set, so the getter returns what is drawn (as `CALayer`'s getters
/// return what its renderer uses) and nothing downstream sees a value out of range; the scene decoder
/// checks the ranges itself first and refuses an out-of-range number with its JSON path.
extension Layer {
    /// `value` clamped to 0…1; NaN becomes `nan`.
    static func unit(_ value: Double, nan: Double) -> Double {
        value.isNaN ? nan : min(max(value, 0), 1)
    }

    /// `value` clamped to ≥ 0; NaN and infinities become `nonFinite`.
    static func nonNegative(_ value: Double, nonFinite: Double) -> Double {
        value.isFinite ? max(value, 0) : nonFinite
    }
}
