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
                    Blend.over4(Blend.splat4(src), p.baseAddress! + 4 * 0)
                }
                #expect(SIMD4(pixel[4], pixel[5], pixel[6], pixel[7]) == expected, "over: \(src) over \(dst)")
                let twice = Self.reference(src, over: expected)
                #expect(SIMD4(pixel[0], pixel[1], pixel[2], pixel[3]) == twice, "over then over4: \(src) over \(dst)")
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
}
