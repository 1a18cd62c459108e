import Lamina

/// A sampled source: level 0 and, for trilinear sampling, its `MipChain` levels.
final class Texture: @unchecked Sendable {
    let levels: [PixelBuffer]
    /// Whether every texel of every level has alpha 255 (an opaque image's crop), so every sample does.
    let opaque: Bool

    init(levels: [PixelBuffer], opaque: Bool = false) {
        precondition(!levels.isEmpty)
        self.levels = levels
        self.opaque = opaque
    }

    /// A single-level texture over an existing buffer (an offscreen).
    convenience init(_ base: PixelBuffer, opaque: Bool = false) { self.init(levels: [base], opaque: opaque) }

    /// The base bitmap and its box-filtered premultiplied mip levels, exactly as `MipChain` makes them.
    static func mipmapped(_ base: Bitmap, opaque: Bool = false) -> Texture {
        Texture(levels: MipChain(base).levels.map(PixelBuffer.init(bitmap:)), opaque: opaque)
    }

    var base: PixelBuffer { levels[0] }

    var byteCount: Int { levels.reduce(0) { $0 + $1.byteCount } }
}

/// Where one axis of a sample lands in a level: two texel indices (clamped to the edge) and the
/// weight of the second. Nearest sampling uses `i0` with `f` = 0.
///
/// Linear weights are in 1/256 steps, as an 8-bit texture unit filters: the texel position is rounded
/// to 1/256 of a texel, and each lerp of 8-bit texels rounds half up to 8 bits (`LevelView.lerp`), first
/// along x, then along y (Mesa's llvmpipe, matched bit for bit).
struct AxisTap {
    var i0: Int32
    var i1: Int32
    var f: Float

    /// The tap for unit coordinate `u` on an axis of `size` texels.
    @inline(__always) init(unit u: Double, size: Int, linear: Bool) {
        let tc = u * Double(size)
        let last = Double(size - 1)
        if linear {
            let fixed = (tc * 256).isNaN ? 0 : min(max((tc * 256).rounded(.toNearestOrEven) - 128, -1e9), 1e9)
            let fl = (fixed / 256).rounded(.down)
            i0 = Int32(min(max(fl, 0), last))
            i1 = Int32(min(max(fl + 1, 0), last))
            f = Float(fixed - fl * 256) * (1 / 256)
        } else {
            let fl = tc.rounded(.down)
            i0 = Int32(min(max(fl.isFinite ? fl : 0, 0), last))
            i1 = i0
            f = 0
        }
    }
}

/// One level's pixels as raw memory, with its weight in a trilinear mix: what the sampling loops read
/// (no reference counting per pixel).
struct LevelView {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let weight: Float
    /// Texel bytes scaled for pixels of one weight (`ScaledBytes`, of this level's weight): groups of four
    /// pixels of weight `scaledWeight` in a direct row blend their mapped words (`blendScaledDirectRow`);
    /// nil: every group goes through floats.
    private(set) var scaledBytes: UnsafePointer<UInt8>?
    private(set) var scaledWeight: Float = 0

    /// Uses `bytes` (a `ScaledBytes` table of this level's weight) for pixels of weight `weight`.
    mutating func scale(_ bytes: UnsafePointer<UInt8>, weight: Float) {
        scaledBytes = bytes
        scaledWeight = weight
    }

    init(_ level: PixelBuffer, weight: Float) {
        pixels = level.pixels; width = level.width; height = level.height; self.weight = weight
    }

    /// The 32-bit words of the four pixels of `row` at texel columns `i`.
    @inline(__always) func words(_ row: UnsafeMutablePointer<UInt8>, _ i: SIMD4<Int32>) -> SIMD4<UInt32> {
        let w = UnsafeMutableRawPointer(row)
        if i[1] == i[0] &+ 1 && i[2] == i[0] &+ 2 && i[3] == i[0] &+ 3 {
            return w.loadUnaligned(fromByteOffset: Int(i[0]) &* 4, as: SIMD4<UInt32>.self)
        }
        return SIMD4<UInt32>(w.loadUnaligned(fromByteOffset: Int(i[0]) &* 4, as: UInt32.self),
                             w.loadUnaligned(fromByteOffset: Int(i[1]) &* 4, as: UInt32.self),
                             w.loadUnaligned(fromByteOffset: Int(i[2]) &* 4, as: UInt32.self),
                             w.loadUnaligned(fromByteOffset: Int(i[3]) &* 4, as: UInt32.self))
    }

    /// Samples this level at column taps `taps[i]` and row tap `ty` (bilinear, or nearest where the
    /// fractions are zero), scales sample `i` to 0…1 and by `weights[i]` and blends it over pixel `i` at `p`.
    /// The same arithmetic as `sample` followed by `Blend.over`, four pixels at a time (`PlanarPixels`).
    @inline(__always) func blendRow(taps: UnsafePointer<AxisTap>, row ty: AxisTap, weights: UnsafePointer<Float>,
                                    into p: UnsafeMutablePointer<UInt8>, count: Int, opaque: Bool) {
        let (row0, row1) = rows(ty)
        blendWeighted(weights: weights, into: p, count: count, opaque: opaque,
                      four: { words4(taps: taps + $0, row0: row0, row1: row1, ty: ty) },
                      one: { sample(taps[$0], ty) * (1 / 255) })
    }

    /// `blendRow` with the two texel rows already lerped along x (`LerpedRows`, from the same taps): each
    /// four pixels lerp only along y, as `words4` does after its x lerps.
    @inline(__always) func blendRow(top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, taps: UnsafePointer<AxisTap>,
                                    row ty: AxisTap, weights: UnsafePointer<Float>, into p: UnsafeMutablePointer<UInt8>,
                                    count: Int, opaque: Bool) {
        let wy = TexelLerp.weights(SIMD4(repeating: ty.f))
        let upper = UnsafeRawPointer(top), lower = UnsafeRawPointer(bottom)
        blendWeighted(weights: weights, into: p, count: count, opaque: opaque,
                      four: { TexelLerp.lerp(upper.loadUnaligned(fromByteOffset: $0 &* 4, as: SIMD4<UInt32>.self),
                                             lower.loadUnaligned(fromByteOffset: $0 &* 4, as: SIMD4<UInt32>.self), wy) },
                      one: { sample(taps[$0], ty) * (1 / 255) })
    }

    /// `blendRow` where the taps read texels `texels[0…count)` one to one (consecutive columns, no fractions
    /// on either axis): the same arithmetic without reading the taps.
    @inline(__always) func blendDirectRow(texels: UnsafeMutablePointer<UInt8>, weights: UnsafePointer<Float>,
                                          into p: UnsafeMutablePointer<UInt8>, count: Int, opaque: Bool) {
        if let scaledBytes, !opaque {
            return blendScaledDirectRow(texels: texels, bytes: scaledBytes, weights: weights, into: p, count: count)
        }
        let source = UnsafeRawPointer(texels)
        blendWeighted(weights: weights, into: p, count: count, opaque: opaque,
                      four: { source.loadUnaligned(fromByteOffset: $0 &* 4, as: SIMD4<UInt32>.self) },
                      one: { Blend.load(texels + $0 &* 4) * weight * (1 / 255) })
    }

    /// `blendDirectRow` of a level with a `ScaledBytes` table: groups of four pixels of weight `scaledWeight`
    /// blend their texel words with each byte mapped through the table (the bytes the float path stores; a
    /// group equal to the one mapped last, as runs of one color are, reuses its words), and a group of
    /// transparent texels there is left as it is (blending zero stores the destination); other groups and the
    /// tail go through `blendWeighted`'s arithmetic.
    @inline(never) private func blendScaledDirectRow(texels: UnsafeMutablePointer<UInt8>, bytes: UnsafePointer<UInt8>,
                                                     weights: UnsafePointer<Float>, into p: UnsafeMutablePointer<UInt8>, count: Int) {
        let source = UnsafeRawPointer(texels), scaled = SIMD4(repeating: scaledWeight)
        var last = SIMD4<UInt32>.zero, lastMapped = SIMD4<UInt32>.zero
        var i = 0
        while i &+ 4 <= count {
            let k = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD4<Float>.self)
            let words = source.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            if k == scaled {
                if words != last {
                    last = words
                    lastMapped = ScaledBytes.words(words, bytes)
                }
                if words != .zero { Blend.over(words: lastMapped, at: p + i &* 4) }
            } else {
                blendWeighted(weights: weights + i, into: p + i &* 4, count: 4, opaque: false,
                              four: { _ in words }, one: { _ in .zero })
            }
            i &+= 4
        }
        blendWeighted(weights: weights + i, into: p + i &* 4, count: count - i, opaque: false, four: { _ in .zero },
                      one: { Blend.load(texels + (i &+ $0) &* 4) * weight * (1 / 255) })
    }

    /// Blends unit samples × `weights[i]` over pixel `i` of the `count` at `p`: `four(i)` gives the texel words
    /// (before this level's weight) of pixels i…i + 3, `one(i)` pixel i of the tail as a weighted unit sample.
    /// With `opaque` (every texel has alpha 255), four pixels of weight 1 are stored: an opaque source at full
    /// weight replaces what lies below. That test has a loop of its own, so rows of other sources run the loop
    /// they ran before it existed.
    ///
    /// Where this level's weight and the four pixels' weights are all 1, the texel bytes are the 8-bit sources
    /// themselves: scaling a byte t to t·(1/255) and back by 255 rounds to t for every t (checked for all 256 in
    /// `BlendArithmeticTests`), so those words are blended (`Blend.over(words:at:)`) or stored as they are.
    @inline(__always) private func blendWeighted(weights: UnsafePointer<Float>, into p: UnsafeMutablePointer<UInt8>,
                                                 count: Int, opaque: Bool, four: (Int) -> SIMD4<UInt32>,
                                                 one: (Int) -> SIMD4<Float>) {
        let whole = weight == 1
        @inline(__always) func unit(_ i: Int) -> PlanarPixels { PlanarPixels(words: four(i)) * weight * (1 / 255) }
        var i = 0
        if opaque {
            while i &+ 4 <= count {
                let k = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD4<Float>.self)
                if k == SIMD4(repeating: 1) {
                    if whole {
                        UnsafeMutableRawPointer(p + i &* 4).storeBytes(of: four(i) | 0xFF00_0000, as: SIMD4<UInt32>.self)
                    } else {
                        unit(i).store(opaqueAt: p + i &* 4)
                    }
                } else if any(k .> 0) {
                    (unit(i) * k).blend(over: p + i &* 4)
                }
                i &+= 4
            }
        }
        while i &+ 4 <= count {
            let k = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD4<Float>.self)
            if whole && k == SIMD4(repeating: 1) {
                Blend.over(words: four(i), at: p + i &* 4)
            } else if any(k .> 0) {
                (unit(i) * k).blend(over: p + i &* 4)
            }
            i &+= 4
        }
        while i < count {
            if weights[i] > 0 { Blend.over(one(i) * weights[i], p + i &* 4) }
            i &+= 1
        }
    }

    /// `sample` for four pixels in a row: column taps `taps[0…3]`, row tap `ty` (whose rows start at
    /// `row0` and `row1`), lerped in integer lanes (`TexelLerp`), scaled by this level's weight.
    @inline(__always) func sample4(taps: UnsafePointer<AxisTap>, row0: UnsafeMutablePointer<UInt8>,
                                   row1: UnsafeMutablePointer<UInt8>, ty: AxisTap) -> PlanarPixels {
        PlanarPixels(words: words4(taps: taps, row0: row0, row1: row1, ty: ty)) * weight
    }

    /// The texel words `sample4` weighs: nearest reads, or lerps of 8-bit texels where any fraction is not
    /// zero. A lerp with weight 0 returns its first value, so lerping all four when any has a fraction gives
    /// each the value `sample` gives it.
    @inline(__always) func words4(taps: UnsafePointer<AxisTap>, row0: UnsafeMutablePointer<UInt8>,
                                  row1: UnsafeMutablePointer<UInt8>, ty: AxisTap) -> SIMD4<UInt32> {
        let t0 = taps[0], t1 = taps[1], t2 = taps[2], t3 = taps[3]
        let a = SIMD4<Int32>(t0.i0, t1.i0, t2.i0, t3.i0), b = SIMD4<Int32>(t0.i1, t1.i1, t2.i1, t3.i1)
        let fx = SIMD4<Float>(t0.f, t1.f, t2.f, t3.f)
        let s = words(row0, a)
        guard fx != .zero || ty.f != 0 else { return s }
        let wx = TexelLerp.weights(fx)
        let top = TexelLerp.lerp(s, words(row0, b), wx)
        let bottom = TexelLerp.lerp(words(row1, a), words(row1, b), wx)
        return TexelLerp.lerp(top, bottom, TexelLerp.weights(SIMD4(repeating: ty.f)))
    }

    /// The first pixels of rows `ty.i0` and `ty.i1`.
    @inline(__always) func rows(_ ty: AxisTap) -> (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>) {
        (pixels + Int(ty.i0) &* width &* 4, pixels + Int(ty.i1) &* width &* 4)
    }

    /// Weighted bilinear (or nearest, when both fractions are zero) premultiplied sample, 0…255 scale.
    @inline(__always) func sample(_ tx: AxisTap, _ ty: AxisTap) -> SIMD4<Float> {
        let row0 = pixels + Int(ty.i0) &* width &* 4
        let p00 = Blend.load(row0 + Int(tx.i0) &* 4)
        if tx.f == 0 && ty.f == 0 { return p00 * weight }
        let row1 = pixels + Int(ty.i1) &* width &* 4
        let p10 = Blend.load(row0 + Int(tx.i1) &* 4)
        let p01 = Blend.load(row1 + Int(tx.i0) &* 4)
        let p11 = Blend.load(row1 + Int(tx.i1) &* 4)
        let top = LevelView.lerp(p00, p10, SIMD4(repeating: tx.f))
        let bottom = LevelView.lerp(p01, p11, SIMD4(repeating: tx.f))
        return LevelView.lerp(top, bottom, SIMD4(repeating: ty.f)) * weight
    }

    /// `a + (b − a)·f` for 8-bit values and weights `f` in 1/256 steps, rounded half up to an integer.
    /// The sum is exact in single precision (a multiple of 1/256 below 256), so adding 1/512 makes
    /// round-to-nearest (the 1.5·2²³ trick) round its halves up.
    @inline(__always) static func lerp<V: SIMD>(_ a: V, _ b: V, _ f: V) -> V where V.Scalar == Float {
        ((a + (b - a) * f + 1 / 512) + 12582912) - 12582912
    }
}
