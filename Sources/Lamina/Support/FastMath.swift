/// Vectorized single-precision approximations used by the shadow inner loops (the CPU rasterizer, shadow tables).
public enum FastMath {
    /// erf(x), absolute error below 1e-6: Abramowitz & Stegun 7.1.28 (|ε| ≤ 3·10⁻⁷ in exact arithmetic).
    @inlinable @inline(__always) public static func erf(_ x: SIMD16<Float>) -> SIMD16<Float> {
        let a = x.replacing(with: -x, where: x .< 0)
        let c = a.replacing(with: 6, where: a .> 6)
        var p = SIMD16<Float>(repeating: 0.0000430638)
        p = p * c + 0.0002765672
        p = p * c + 0.0001520143
        p = p * c + 0.0092705272
        p = p * c + 0.0422820123
        p = p * c + 0.0705230784
        p = p * c + 1
        p = p * p; p = p * p; p = p * p; p = p * p
        let e = 1 - 1 / p
        return e.replacing(with: -e, where: x .< 0)
    }

    /// eˣ for x ≤ 0 (smaller than about −87 gives 0), relative error about 1e-6.
    @inlinable @inline(__always) public static func exp(_ x: SIMD16<Float>) -> SIMD16<Float> {
        let t = x.replacing(with: -87, where: x .< -87).replacing(with: 88, where: x .> 88) * 1.4426950408889634
        // Round to nearest with the 1.5·2²³ trick; the integer sits in the low mantissa bits.
        let shifted = t + 12582912
        let n = shifted - 12582912
        let f = (t - n) * 0.6931471805599453
        var p = SIMD16<Float>(repeating: 1.0 / 40320)
        p = p * f + 1.0 / 5040
        p = p * f + 1.0 / 720
        p = p * f + 1.0 / 120
        p = p * f + 1.0 / 24
        p = p * f + 1.0 / 6
        p = p * f + 0.5
        p = p * f + 1
        p = p * f + 1
        let bits = (unsafeBitCast(shifted, to: SIMD16<Int32>.self) &- 0x4B40_0000 &+ 127) &<< 23
        let scale = unsafeBitCast(bits, to: SIMD16<Float>.self)
        return (p * scale).replacing(with: 0, where: x .< -87)
    }
}
