/// Premultiplied source-over on 8-bit pixels: `dst = src + dst × (1 − src.a)`, rounded to nearest (ties to even).
///
/// Sources are premultiplied colors on the 0…255 scale, kept unrounded until the store. Runs of pixels
/// are blended four at a time in 16 float lanes (one 16-byte load and store per four pixels).
enum Blend {
    @inline(__always) static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)))
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

    /// Four pixels at `p` as 16 floats.
    @inline(__always) static func load4(_ p: UnsafeMutablePointer<UInt8>) -> SIMD16<Float> {
        let bytes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        return SIMD16<Float>(SIMD16<Int32>(truncatingIfNeeded: bytes))
    }

    /// Rounds 16 floats to nearest (ties to even), clamps them to 0…255 and stores them as four pixels.
    @inline(__always) static func store4(_ v: SIMD16<Float>, _ p: UnsafeMutablePointer<UInt8>) {
        let c = v.replacing(with: 0, where: v .< 0).replacing(with: 255, where: v .> 255) + 12582912
        let bits = unsafeBitCast(c, to: SIMD16<UInt32>.self)
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: bits), as: SIMD16<UInt8>.self)
    }

    /// `v` repeated for four pixels.
    @inline(__always) static func splat4(_ v: SIMD4<Float>) -> SIMD16<Float> {
        let h = SIMD8(lowHalf: v, highHalf: v)
        return SIMD16(lowHalf: h, highHalf: h)
    }

    /// Each of the four values repeated over one pixel's four channels.
    @inline(__always) static func spread4(_ c: SIMD4<Float>) -> SIMD16<Float> {
        SIMD16(c[0], c[0], c[0], c[0], c[1], c[1], c[1], c[1], c[2], c[2], c[2], c[2], c[3], c[3], c[3], c[3])
    }

    /// The largest coverage of `color` that cannot change any stored pixel.
    ///
    /// Blending `color × k` over a stored value d gives d + k·(c − d·α) per channel, and
    /// |c − d·α| ≤ |c| + 255·α. While k·(|c|max + 255·α) stays below 0.45, that is d moved by less than
    /// half a step (float error is far below the margin), which rounds back to d: skipping the pixel
    /// stores the same bytes.
    @inline(__always) static func invisibleCoverage(_ color: SIMD4<Float>) -> Float {
        let m = max(abs(color.x), abs(color.y), abs(color.z)) + abs(color.w)
        return m > 0 ? 0.45 / m : .infinity
    }

    /// Blends `color × coverage[i]` over pixel `i` of the `count` pixels at `p`; coverages are clamped to 0…1.
    /// Every pixel gets the same arithmetic whether it falls in a group of four or in the tail, so a
    /// row drawn in pieces matches the row drawn at once. Groups (and tail pixels) whose coverages are
    /// all at most `invisibleCoverage(color)` are left as they are, which is what blending stores there.
    @inline(__always) static func coverageRow(_ color: SIMD4<Float>, coverage: UnsafePointer<Float>,
                                             _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        let c16 = splat4(color)
        let alpha = color.w * (1 / 255)
        let negligible = invisibleCoverage(color)
        var i = 0
        while i &+ 4 <= count {
            let raw = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            let cov = raw.replacing(with: 0, where: raw .< 0).replacing(with: 1, where: raw .> 1)
            if any(cov .> negligible) {
                let q = p + i &* 4
                let k = spread4(1 - cov * alpha)
                store4(c16 * spread4(cov) + load4(q) * k, q)
            }
            i &+= 4
        }
        while i < count {
            let cov = min(max(coverage[i], 0), 1)
            if cov > negligible {
                let q = p + i &* 4
                store(color * cov + load(q) * (1 - cov * alpha), q)
            }
            i &+= 1
        }
    }

    /// Blends `src[i]` (premultiplied, 0…255, not above 255) over pixel `i` of the `count` pixels at `p`.
    @inline(__always) static func sourceRow(_ src: UnsafePointer<SIMD4<Float>>, _ p: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i &+ 4 <= count {
            let s0 = src[i], s1 = src[i &+ 1], s2 = src[i &+ 2], s3 = src[i &+ 3]
            let a = SIMD4<Float>(s0.w, s1.w, s2.w, s3.w)
            if any(a .> 0) || any((s0 + s1 + s2 + s3) .> 0) {
                let q = p + i &* 4
                let s16 = SIMD16(lowHalf: SIMD8(lowHalf: s0, highHalf: s1), highHalf: SIMD8(lowHalf: s2, highHalf: s3))
                store4(s16 + load4(q) * spread4(1 - a * (1 / 255)), q)
            }
            i &+= 4
        }
        while i < count {
            over(src[i], p + i &* 4)
            i &+= 1
        }
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
        let s16 = splat4(src)
        var i = 0
        while i &+ 4 <= count {
            let q = p + i &* 4
            store4(s16 + load4(q) * k, q)
            i &+= 4
        }
        while i < count {
            store(src + load(p + i &* 4) * k, p + i &* 4)
            i &+= 1
        }
    }
}
