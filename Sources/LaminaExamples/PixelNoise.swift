/// Deterministic per-pixel noise: a fixed-seed hash of the pixel position, so that "noisy" assets are
/// identical on every run and platform (no system randomness anywhere in the assets).
///
/// The mixing function is SplitMix64's finalizer (Steele, Lea & Flood, "Fast splittable pseudorandom
/// number generators", 2014).
enum PixelNoise {
    /// A uniform value in [0, 1) for pixel `(x, y)` and `seed`; the same inputs give the same value.
    static func value(x: Int, y: Int, seed: UInt64) -> Double {
        let key = seed &+ UInt64(truncatingIfNeeded: x) &* 0x632B_E59B_D9B4_E019
            &+ UInt64(truncatingIfNeeded: y) &* 0x8CB9_2BA7_2F3D_8DD7 &+ 0x9E37_79B9_7F4A_7C15
        return Double(mix(key) >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
