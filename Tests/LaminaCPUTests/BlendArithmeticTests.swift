import Lamina
import Testing
@testable import LaminaCPU

/// The CPU path's blending is the 8-bit blender's: the source rounded to 8 bits, then
/// min(255, s + d ⊗ (255 − α)) with x ⊗ y = (t + (t >> 8) + 128) >> 8, t = x·y.
@Suite struct BlendArithmeticTests {
    /// The blender written out in integers.
    static func reference(_ src: SIMD4<Float>, over d: SIMD4<UInt8>) -> SIMD4<UInt8> {
        var s = [Int](repeating: 0, count: 4)
        for c in 0..<4 { s[c] = Int((min(max(src[c], 0), 1) * 255).rounded(.toNearestOrEven)) }
        var out = SIMD4<UInt8>()
        for c in 0..<4 {
            let t = Int(d[c]) * (255 - s[3])
            out[c] = UInt8(min(255, s[c] + ((t + (t >> 8) + 128) >> 8)))
        }
        return out
    }

    static let sources: [SIMD4<Float>] = stride(from: Float(0), through: 1, by: 1 / 37).flatMap { a in
        [SIMD4<Float>(a * 0.2, a * 0.55, a, a), SIMD4<Float>(a * 0.9, 0, a * 0.31, a), SIMD4<Float>(0.5, 0.25, 0.125, a)]
    }

    @Test func overMatchesTheIntegerBlender() {
        var pixel = [UInt8](repeating: 0, count: 16)
        for d in 0...255 {
            let dst = SIMD4<UInt8>(UInt8(d), UInt8(d / 2), UInt8(255 - d), UInt8(max(d, 128)))
            for src in Self.sources {
                let expected = Self.reference(src, over: dst)
                pixel.withUnsafeMutableBufferPointer { p in
                    for i in 0..<4 { for c in 0..<4 { p[i * 4 + c] = dst[c] } }
                    Blend.over(src, p.baseAddress!)
                }
                #expect(SIMD4(pixel[0], pixel[1], pixel[2], pixel[3]) == expected, "over: \(src) over \(dst)")
            }
        }
    }

    /// Four different sources over four different pixels at once store what `over` stores for each.
    @Test func planarBlendMatchesTheIntegerBlender() {
        let sources = Self.sources
        for d in 0...255 {
            for first in stride(from: 0, to: sources.count, by: 3) {
                let src = (0..<4).map { sources[(first + $0 * 7) % sources.count] }
                Self.expectFour(src, over: Self.destinations(d)) { $0.blend(over: $1) }
            }
        }
    }

    /// Sources out of 0…1 — negative, past 1, signed zeros, infinities, NaN — blend four at a time as
    /// `Blend.over` blends them one at a time (clamped; NaN as 0).
    @Test func planarBlendClampsAsOver() {
        let odd: [Float] = [-0.0, -1e-7, -3, 1.0000001, 1.002, 7, 1e30, .infinity, -.infinity, .nan, 0.5, 0.0019]
        for d in stride(from: 0, through: 255, by: 15) {
            for n in 0..<odd.count {
                let src = (0..<4).map { i in SIMD4<Float>(odd[(n + i) % odd.count], odd[(n + 3 * i + 1) % odd.count],
                                                          odd[(n + 5 * i + 2) % odd.count], odd[(n + 7 * i + 3) % odd.count]) }
                let dst = Self.destinations(d)
                var pixel = [UInt8](repeating: 0, count: 16), single = pixel
                for i in 0..<4 { for c in 0..<4 { pixel[i * 4 + c] = dst[i][c] } }
                single = pixel
                pixel.withUnsafeMutableBufferPointer { p in
                    PlanarPixels(r: SIMD4(src.map(\.x)), g: SIMD4(src.map(\.y)), b: SIMD4(src.map(\.z)), a: SIMD4(src.map(\.w)))
                        .blend(over: p.baseAddress!)
                }
                single.withUnsafeMutableBufferPointer { p in
                    for i in 0..<4 { Blend.over(src[i], p.baseAddress! + 4 * i) }
                }
                #expect(pixel == single, "\(src) over \(dst)")
            }
        }
    }

    /// Sources whose alpha rounds to 255 are stored as `blend(over:)` would store them over any pixel.
    @Test func opaqueStoreMatchesTheIntegerBlender() {
        let alphas: [Float] = [1, 254.6 / 255, 0.99999994, 1.0000001]
        for d in stride(from: 0, through: 255, by: 5) {
            for (n, source) in Self.sources.enumerated() {
                let src = (0..<4).map { SIMD4<Float>(source.x, source.y, source.z, 0) + SIMD4(0, 0, 0, alphas[($0 + n) % 4]) }
                Self.expectFour(src, over: Self.destinations(d)) { $0.store(opaqueAt: $1) }
            }
        }
    }

    /// Four destination pixels that differ in every channel.
    static func destinations(_ d: Int) -> [SIMD4<UInt8>] {
        (0..<4).map { SIMD4<UInt8>(UInt8(d), UInt8((d + 85 * $0) % 256), UInt8(255 - d), UInt8(max(d, 60 * $0))) }
    }

    /// Runs `apply` with four sources as `PlanarPixels` on the four pixels `dst` and expects what the integer
    /// blender stores for each.
    static func expectFour(_ src: [SIMD4<Float>], over dst: [SIMD4<UInt8>], _ apply: (PlanarPixels, UnsafeMutablePointer<UInt8>) -> Void) {
        var pixel = [UInt8](repeating: 0, count: 16)
        pixel.withUnsafeMutableBufferPointer { p in
            for i in 0..<4 { for c in 0..<4 { p[i * 4 + c] = dst[i][c] } }
            apply(PlanarPixels(r: SIMD4(src.map(\.x)), g: SIMD4(src.map(\.y)), b: SIMD4(src.map(\.z)), a: SIMD4(src.map(\.w))), p.baseAddress!)
        }
        for i in 0..<4 {
            let got = SIMD4(pixel[4 * i], pixel[4 * i + 1], pixel[4 * i + 2], pixel[4 * i + 3])
            #expect(got == reference(src[i], over: dst[i]), "pixel \(i): \(src[i]) over \(dst[i])")
        }
    }

    /// A byte t scaled to t·(1/255) and back by 255 rounds to t, for all 256 bytes: texel words at full weight
    /// are their own 8-bit sources. Words of every byte in every channel, blended as words and stored as opaque
    /// words, store what the float route (`PlanarPixels(words:)` × 1/255, then `blend(over:)` or
    /// `store(opaqueAt:)`) stores over four destinations of every fifth byte.
    @Test func wholeTexelWordsAreTheirOwnSources() {
        var wrong = 0
        for t in 0..<256 {
            let words = SIMD4<UInt32>((0..<4).map { p in
                (0..<4).reduce(UInt32(0)) { $0 | UInt32((t + 85 * p + 63 * $1) % 256) << (8 * $1) } })
            for d in stride(from: 0, through: 255, by: 5) {
                let dst = Self.destinations(d)
                var viaWords = [UInt8](repeating: 0, count: 16)
                for i in 0..<4 { for c in 0..<4 { viaWords[i * 4 + c] = dst[i][c] } }
                var viaFloats = viaWords, opaqueWords = viaWords, opaqueFloats = viaWords
                let unit = PlanarPixels(words: words) * Float(1) * (1 / 255)
                viaWords.withUnsafeMutableBufferPointer { Blend.over(words: words, at: $0.baseAddress!) }
                viaFloats.withUnsafeMutableBufferPointer { (unit * SIMD4<Float>(repeating: 1)).blend(over: $0.baseAddress!) }
                opaqueWords.withUnsafeMutableBufferPointer {
                    UnsafeMutableRawPointer($0.baseAddress!).storeBytes(of: words | 0xFF00_0000, as: SIMD4<UInt32>.self)
                }
                let opaque = PlanarPixels(words: words | 0xFF00_0000) * Float(1) * (1 / 255)
                opaqueFloats.withUnsafeMutableBufferPointer { opaque.store(opaqueAt: $0.baseAddress!) }
                if viaWords != viaFloats || opaqueWords != opaqueFloats { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// Bytes read into channels come back as the same floats `Blend.load` gives.
    @Test func planarLoadMatchesLoad() {
        var pixel: [UInt8] = (0..<16).map { UInt8(($0 * 67 + 13) % 256) }
        pixel[3] = 255; pixel[4] = 0
        pixel.withUnsafeMutableBufferPointer { p in
            let planar = PlanarPixels(words: UnsafeRawPointer(p.baseAddress!).loadUnaligned(as: SIMD4<UInt32>.self))
            for i in 0..<4 {
                let one = Blend.load(p.baseAddress! + 4 * i)
                #expect(SIMD4(planar.r[i], planar.g[i], planar.b[i], planar.a[i]) == one, "pixel \(i)")
            }
        }
    }

    /// Pixels whose coverage is at most `invisibleCoverage` are skipped; blending them stores the same bytes.
    @Test func skippedCoverageChangesNothing() {
        for src in Self.sources where src.w > 0 {
            let k = Blend.invisibleCoverage(src)
            for d in stride(from: 0, through: 255, by: 3) {
                let dst = SIMD4<UInt8>(UInt8(d), UInt8(d), UInt8(255 - d), 255)
                #expect(Self.reference(src * min(k, 1), over: dst) == dst, "\(src) × \(k) over \(dst)")
            }
        }
    }

    /// Linear taps weigh in 1/256 steps and each lerp rounds half up, as an 8-bit texture filter does.
    @Test func linearTapsAndLerps() {
        let tap = AxisTap(unit: (10.3 + 0.5) / 64, size: 64, linear: true)
        #expect(tap.i0 == 10 && tap.i1 == 11)
        #expect(tap.f == Float((0.3 * 256).rounded()) / 256)
        typealias V = SIMD4<Float>
        let half = V(repeating: 0.5), step = V(repeating: 1.0 / 256)
        let a = LevelView.lerp(V(repeating: 10), V(repeating: 13), half)
        let b = LevelView.lerp(V(repeating: 10), V(repeating: 11), half)
        let c = LevelView.lerp(V(repeating: 200), V(repeating: 0), step)
        #expect(a == V(repeating: 12), "11.5 rounds up")
        #expect(b == V(repeating: 11), "10.5 rounds up")
        #expect(c == V(repeating: 199), "199.22 rounds down")
    }

    /// Lerps in integer lanes (`TexelLerp`) equal `LevelView.lerp` for pairs of bytes (every first byte, every
    /// fifth second byte, in four channel layouts that also pair 255 − a, 255 − b and a ^ b), at weights
    /// 0, 1/256, ½ ± 1/256, 255/256 and every other step, per channel and per pixel.
    @Test func integerLerpsMatchFloatLerps() {
        let steps: [Float] = [0, 1, 2, 127, 128, 129, 254, 255] + (3..<255).filter { $0 % 7 == 0 }.map(Float.init)
        var wrong = 0
        for a in 0..<256 {
            for b in Array(stride(from: 0, to: 256, by: 5)) + [254, 255] {
                let wa = SIMD4<UInt32>(UInt32(a) | UInt32(b) << 8 | UInt32(255 - a) << 16 | UInt32(a ^ b) << 24,
                                       UInt32(b), UInt32(a) << 24, UInt32(b) << 16 | UInt32(a) << 8)
                let wb = SIMD4<UInt32>(UInt32(b) | UInt32(a) << 8 | UInt32(255 - b) << 16 | UInt32(255 - (a ^ b)) << 24,
                                       UInt32(a), UInt32(b) << 24, UInt32(a) << 16 | UInt32(b) << 8)
                for k in stride(from: 0, to: steps.count, by: 4) {
                    let f = SIMD4<Float>((0..<4).map { steps[(k + $0) % steps.count] / 256 })
                    let got = TexelLerp.lerp(wa, wb, TexelLerp.weights(f))
                    for p in 0..<4 {
                        for c in 0..<4 {
                            let x = Float((wa[p] >> (8 * c)) & 0xFF), y = Float((wb[p] >> (8 * c)) & 0xFF)
                            let expected = LevelView.lerp(SIMD4(repeating: x), SIMD4(repeating: y), SIMD4(repeating: f[p])).x
                            if Float((got[p] >> (8 * c)) & 0xFF) != expected { wrong += 1 }
                        }
                    }
                }
            }
        }
        #expect(wrong == 0)
    }
}
