/// Premultiplied source-over on 8-bit pixels: `dst = src + dst × (1 − src.a)`, rounded to nearest (ties to even).
///
/// Sources are premultiplied colors on the 0…255 scale, kept unrounded until the store.
enum Blend {
    // Lane-wise scalar conversions: the generic SIMD integer⇄float initializers are not vectorized.
    @inline(__always) static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// Rounds to nearest (ties to even, via the 1.5·2²³ trick) and stores 4 clamped bytes.
    @inline(__always) static func store(_ v: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        let c = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 12582912
        let bits = unsafeBitCast(c, to: SIMD4<UInt32>.self)
        p[0] = UInt8(truncatingIfNeeded: bits.x); p[1] = UInt8(truncatingIfNeeded: bits.y)
        p[2] = UInt8(truncatingIfNeeded: bits.z); p[3] = UInt8(truncatingIfNeeded: bits.w)
    }

    /// Blends one source pixel over the pixel at `p`.
    @inline(__always) static func over(_ src: SIMD4<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        if src.w <= 0 && src.x <= 0 && src.y <= 0 && src.z <= 0 { return }
        let d = load(p)
        store(src + d * (1 - src.w * (1 / 255)), p)
    }

    /// Blends one constant color over `count` pixels starting at `p` (opaque colors are stored).
    @inline(__always) static func span(_ src: SIMD4<Float>, opaque: SIMD4<UInt8>?, _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        if let word = opaque {
            UnsafeMutableRawPointer(p).withMemoryRebound(to: UInt32.self, capacity: count) {
                $0.update(repeating: unsafeBitCast(word, to: UInt32.self), count: count)
            }
            return
        }
        if src.w <= 0 && src.x <= 0 && src.y <= 0 && src.z <= 0 { return }
        let k = 1 - src.w * (1 / 255)
        var q = p
        for _ in 0..<count {
            store(src + load(q) * k, q)
            q += 4
        }
    }
}
