/// Conversions of scene-derived floating-point values to integers that never trap.
///
/// Swift's `Int(_: Double)` stops the process on NaN, infinity or a value past `Int.max`. Every
/// pixel coordinate, size or count derived from a scene goes through these instead: NaN becomes 0 and
/// other values are clamped to ±`Int.saturationBound`, far past any drawable pixel (the canvas is at
/// most 16384 px a side) yet small enough that sums and products of a few such values cannot overflow.
extension Int {
    /// The magnitude saturating conversions clamp to: 2⁴⁰.
    public static let saturationBound = 1 << 40

    /// `value` truncated towards zero, NaN as 0, clamped to ±`Int.saturationBound`.
    @inlinable @inline(__always)
    public init(saturating value: Double) {
        let bound = Double(Int.saturationBound)
        if value.isNaN {
            self = 0
        } else if value >= bound {
            self = Int.saturationBound
        } else if value <= -bound {
            self = -Int.saturationBound
        } else {
            self = Int(value)
        }
    }

    /// `value` truncated towards zero, NaN as 0, clamped to ±`Int.saturationBound`.
    @inlinable @inline(__always)
    public init(saturating value: Float) {
        self.init(saturating: Double(value))
    }
}

extension Int32 {
    /// `value` truncated towards zero, NaN as 0, clamped to the range of `Int32`.
    @inlinable @inline(__always)
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Int32.max) {
            self = .max
        } else if value <= Double(Int32.min) {
            self = .min
        } else {
            self = Int32(value)
        }
    }
}
