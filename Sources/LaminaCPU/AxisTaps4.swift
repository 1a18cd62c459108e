/// `AxisTap` for four pixels at once: the same texel indices and weights, computed in vector lanes
/// with the same double-precision operations (rounding by the 1.5·2⁵² trick, exact below 2⁵¹).
///
/// Used where each pixel has taps of its own (rotated and skewed image draws). Lanes that are not
/// finite, and sizes whose fixed-point positions could leave the trick's range, are left to `AxisTap`
/// (`init` returns nil).
struct AxisTaps4 {
    var i0: SIMD4<Int32>
    var i1: SIMD4<Int32>
    var f: SIMD4<Float>

    /// Rounds to the nearest integer, ties to even (the current rounding mode), for |v| < 2⁵¹.
    @inline(__always) private static func nearest(_ v: SIMD4<Double>) -> SIMD4<Double> {
        (v + 6_755_399_441_055_744) - 6_755_399_441_055_744
    }

    /// ⌊v⌋ for |v| < 2⁵¹.
    @inline(__always) private static func floor(_ v: SIMD4<Double>) -> SIMD4<Double> {
        let r = nearest(v)
        return r.replacing(with: r - 1, where: r .> v)
    }

    /// Whole values (|v| < 2³¹) as 32-bit integers.
    @inline(__always) private static func int32(_ v: SIMD4<Double>) -> SIMD4<Int32> {
        SIMD4<Int32>(Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]))
    }

    /// The taps of unit coordinates `unit` (each in 0…1, as `SourceMapping` clamps them) on an axis of `size` texels.
    @inline(__always) init?(unit: SIMD4<Float>, size: Int, linear: Bool) {
        guard size > 0, size < 1 << 20, all(unit .>= 0), all(unit .<= 1) else { return nil }
        let u = SIMD4<Double>(Double(unit[0]), Double(unit[1]), Double(unit[2]), Double(unit[3]))
        let tc = u * Double(size)
        let last = SIMD4<Int32>(repeating: Int32(size - 1))
        if linear {
            let fixed = Self.nearest(tc * 256) - 128
            let fl = Self.floor(fixed * (1 / 256))
            let steps = Self.int32(fixed - fl * 256)
            f = SIMD4<Float>(steps) * (1 / 256)
            let index = Self.int32(fl)
            i0 = index.clamped(lowerBound: .zero, upperBound: last)
            i1 = (index &+ 1).clamped(lowerBound: .zero, upperBound: last)
        } else {
            i0 = Self.int32(Self.floor(tc)).clamped(lowerBound: .zero, upperBound: last)
            i1 = i0
            f = .zero
        }
    }
}

extension LevelView {
    /// `sample` for four pixels with taps of their own (`AxisTaps4` per axis), one pixel per lane.
    @inline(__always) func sample4(x tx: AxisTaps4, y ty: AxisTaps4) -> PlanarPixels {
        let base = UnsafeMutableRawPointer(pixels), w = width
        @inline(__always) func words(_ ix: SIMD4<Int32>, _ iy: SIMD4<Int32>) -> SIMD4<UInt32> {
            SIMD4<UInt32>(
                base.loadUnaligned(fromByteOffset: (Int(iy[0]) &* w &+ Int(ix[0])) &* 4, as: UInt32.self),
                base.loadUnaligned(fromByteOffset: (Int(iy[1]) &* w &+ Int(ix[1])) &* 4, as: UInt32.self),
                base.loadUnaligned(fromByteOffset: (Int(iy[2]) &* w &+ Int(ix[2])) &* 4, as: UInt32.self),
                base.loadUnaligned(fromByteOffset: (Int(iy[3]) &* w &+ Int(ix[3])) &* 4, as: UInt32.self))
        }
        let s = words(tx.i0, ty.i0)
        guard tx.f != .zero || ty.f != .zero else { return PlanarPixels(words: s) * weight }
        let wx = TexelLerp.weights(tx.f)
        let top = TexelLerp.lerp(s, words(tx.i1, ty.i0), wx)
        let bottom = TexelLerp.lerp(words(tx.i0, ty.i1), words(tx.i1, ty.i1), wx)
        return PlanarPixels(words: TexelLerp.lerp(top, bottom, TexelLerp.weights(ty.f))) * weight
    }
}
