import Lamina
import Testing
@testable import LaminaCPU

/// Rotated and skewed image draws sample four pixels at a time (`AxisTaps4`, `LevelView.sample4(x:y:)`);
/// every lane must give what the per-pixel `AxisTap` and `LevelView.sample` give.
@Suite struct TransformedSamplingTests {
    struct Random {
        var state: UInt64
        mutating func unit() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24)
        }
    }

    /// Units spread over 0…1, with the edges, texel centres and half-steps of the 1/256 grid among them.
    static func units(size: Int, count: Int) -> [Float] {
        var random = Random(state: UInt64(size) * 7919)
        var out: [Float] = [0, 1, 0.5, Float(1) / Float(size), 1 - Float(1) / Float(size)]
        for i in 0..<size where i < 64 {
            out.append((Float(i) + 0.5) / Float(size))
            out.append((Float(i) + 0.5 + 1 / 512) / Float(size))
        }
        while out.count < count { out.append(random.unit()) }
        return out
    }

    @Test(arguments: [1, 2, 3, 7, 64, 255, 256, 1000, 4097])
    func lanesMatchPerPixelTaps(size: Int) throws {
        let units = Self.units(size: size, count: 400)
        for linear in [false, true] {
            for start in stride(from: 0, to: units.count - 3, by: 1) {
                let lanes = SIMD4<Float>(units[start], units[start + 1], units[start + 2], units[start + 3])
                let taps = try #require(AxisTaps4(unit: lanes, size: size, linear: linear))
                for lane in 0..<4 {
                    let one = AxisTap(unit: Double(lanes[lane]), size: size, linear: linear)
                    #expect(taps.i0[lane] == one.i0 && taps.i1[lane] == one.i1 && taps.f[lane] == one.f,
                            "size \(size) linear \(linear) unit \(lanes[lane])")
                }
            }
        }
    }

    @Test func nonFiniteOrOutOfRangeLanesAreLeftToPerPixelTaps() {
        #expect(AxisTaps4(unit: SIMD4(0, .nan, 0.5, 1), size: 8, linear: true) == nil)
        #expect(AxisTaps4(unit: SIMD4(0, 0.2, 1.5, 1), size: 8, linear: false) == nil)
        #expect(AxisTaps4(unit: SIMD4(repeating: 0.5), size: 1 << 21, linear: true) == nil)
    }

    @Test func fourSamplesMatchSample() throws {
        var pixels = [UInt8](repeating: 0, count: 13 * 9 * 4)
        for i in pixels.indices { pixels[i] = UInt8((i * 73 + i / 4 * 31) % 256) }
        for i in stride(from: 3, to: pixels.count, by: 4) {
            pixels[i] = max(pixels[i], pixels[i - 1], pixels[i - 2], pixels[i - 3])
        }
        let buffer = PixelBuffer(bitmap: Bitmap(width: 13, height: 9, pixels: pixels))
        let view = LevelView(buffer, weight: 0.625)
        let us = Self.units(size: 13, count: 120), vs = Self.units(size: 9, count: 120).reversed().map { $0 }
        for linear in [false, true] {
            for start in stride(from: 0, to: 116, by: 3) {
                let u = SIMD4<Float>(us[start], us[start + 1], us[start + 2], us[start + 3])
                let v = SIMD4<Float>(vs[start], vs[start + 1], vs[start + 2], vs[start + 3])
                let tx = try #require(AxisTaps4(unit: u, size: 13, linear: linear))
                let ty = try #require(AxisTaps4(unit: v, size: 9, linear: linear))
                let four = view.sample4(x: tx, y: ty)
                for lane in 0..<4 {
                    let one = view.sample(AxisTap(unit: Double(u[lane]), size: 13, linear: linear),
                                          AxisTap(unit: Double(v[lane]), size: 9, linear: linear))
                    #expect(SIMD4(four.r[lane], four.g[lane], four.b[lane], four.a[lane]) == one, "linear \(linear) lane \(lane) at \(u[lane]), \(v[lane])")
                }
            }
        }
    }
}
