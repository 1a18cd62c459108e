import Lamina

/// Image draws four pixels at a time where a row is neither one level read one to one nor a kept lerped row:
/// several reads (a trilinear pair, a mask) and rotated or skewed mappings.
extension ImageRasterizer {
    /// The sample at pixel (x, y) scaled to 0…1: the source reads summed, times the mask reads' alpha.
    @inline(__always) func unitSample(x: Int, y: Int, xs: Range<Int>, views: UnsafePointer<LevelView>,
                                              table: UnsafeMutablePointer<AxisTap>) -> SIMD4<Float> {
        let n = reads.count
        var color = SIMD4<Float>.zero
        var maskAlpha: Float = 0
        for j in 0..<n {
            let t: (AxisTap, AxisTap)
            if axisAligned { t = (table[j * xs.count + x - xs.lowerBound], table[xs.count * n + j]) }
            else { t = taps(x, y, views[j]) }
            let v = views[j].sample(t.0, t.1)
            if j < maskStart { color += v } else { maskAlpha += v.w }
        }
        var unit = color * (1 / 255)
        if maskStart < n { unit *= maskAlpha * (1 / 255) }
        return unit
    }

    /// With an axis-aligned mapping and several reads (a trilinear pair, a mask): `unitSample` × weight
    /// blended over each pixel of `piece`, four at a time (`PlanarPixels`), with the same arithmetic.
    @inline(__always) func blendPiece(_ piece: Range<Int>, y: Int, xs: Range<Int>, views: UnsafePointer<LevelView>,
                                              table: UnsafeMutablePointer<AxisTap>, weights cov: UnsafeMutablePointer<Float>,
                                              into row: UnsafeMutablePointer<UInt8>) {
        let n = reads.count
        blendGroups(piece, y: y, xs: xs, views: views, table: table, weights: cov, into: row) { x, color, maskAlpha in
            for j in 0..<n {
                let ty = table[xs.count * n + j]
                let (row0, row1) = views[j].rows(ty)
                let v = views[j].sample4(taps: table + j * xs.count + (x - xs.lowerBound), row0: row0, row1: row1, ty: ty)
                if j < maskStart { color = color + v } else { maskAlpha += v.a }
            }
            return true
        }
    }

    /// With a rotated or skewed mapping: `unitSample` × weight blended over each pixel of `piece`, four at
    /// a time with taps per lane (`AxisTaps4`), with the same arithmetic; groups whose taps `AxisTaps4`
    /// leaves to `AxisTap` go pixel by pixel.
    @inline(never) func blendTransformedPiece(_ piece: Range<Int>, y: Int, xs: Range<Int>, views: UnsafePointer<LevelView>,
                                                      table: UnsafeMutablePointer<AxisTap>, weights cov: UnsafeMutablePointer<Float>,
                                                      into row: UnsafeMutablePointer<UInt8>) {
        blendGroups(piece, y: y, xs: xs, views: views, table: table, weights: cov, into: row) { x, color, maskAlpha in
            let u = mapping.u4(x, y), v = mapping.v4(x, y)
            for j in 0..<reads.count {
                guard let tx = AxisTaps4(unit: u, size: views[j].width, linear: linear),
                      let ty = AxisTaps4(unit: v, size: views[j].height, linear: linear) else { return false }
                let s = views[j].sample4(x: tx, y: ty)
                if j < maskStart { color = color + s } else { maskAlpha += s.a }
            }
            return true
        }
    }

    /// The four-pixel walk of a piece: each group of four with some weight is read by `read` (its source reads
    /// summed into `color`, its mask reads' alpha into `maskAlpha`; false when it cannot read them four at a
    /// time) and stored or blended (`put`); groups `read` declines and the pixels after the last group are
    /// blended one at a time.
    @inline(__always) func blendGroups(_ piece: Range<Int>, y: Int, xs: Range<Int>, views: UnsafePointer<LevelView>,
                                               table: UnsafeMutablePointer<AxisTap>, weights cov: UnsafeMutablePointer<Float>,
                                               into row: UnsafeMutablePointer<UInt8>,
                                               read: (Int, inout PlanarPixels, inout SIMD4<Float>) -> Bool) {
        var x = piece.lowerBound
        while x &+ 4 <= piece.upperBound {
            let k = UnsafeRawPointer(cov + x).loadUnaligned(as: SIMD4<Float>.self)
            if any(k .> 0) {
                var color = PlanarPixels.zero
                var maskAlpha = SIMD4<Float>.zero
                if read(x, &color, &maskAlpha) {
                    put(color, maskAlpha: maskAlpha, weights: k, at: row + x &* 4)
                } else {
                    blendEach(x..<(x &+ 4), y: y, xs: xs, views: views, table: table, weights: cov, into: row)
                }
            }
            x &+= 4
        }
        blendEach(x..<piece.upperBound, y: y, xs: xs, views: views, table: table, weights: cov, into: row)
    }

    /// Four pixels' source reads (`color`, the mask reads' `maskAlpha`) scaled to 0…1 as `unitSample` scales
    /// them, times weights `k`, stored (an opaque texture at full weight) or blended at `p`.
    @inline(__always) func put(_ color: PlanarPixels, maskAlpha: SIMD4<Float>, weights k: SIMD4<Float>,
                                       at p: UnsafeMutablePointer<UInt8>) {
        var unit = color * (1 / 255)
        if maskStart < reads.count { unit = unit * (maskAlpha * (1 / 255)) }
        if occludes && k == SIMD4(repeating: 1) { unit.store(opaqueAt: p) } else { (unit * k).blend(over: p) }
    }

    /// `unitSample` × weight blended over each pixel of `pixels`, one at a time.
    @inline(__always) func blendEach(_ pixels: Range<Int>, y: Int, xs: Range<Int>, views: UnsafePointer<LevelView>,
                                             table: UnsafeMutablePointer<AxisTap>, weights cov: UnsafeMutablePointer<Float>,
                                             into row: UnsafeMutablePointer<UInt8>) {
        for x in pixels where cov[x] > 0 {
            Blend.over(unitSample(x: x, y: y, xs: xs, views: views, table: table) * cov[x], row + x &* 4)
        }
    }
}
