import Lamina
import Testing
@testable import LaminaCPU

/// Pixels of one weight map their texel bytes through a table (`ScaledBytes`) instead of scaling floats; the
/// bytes stored must be the float path's, value for value.
@Suite struct ScaledBytesTests {
    static let weights: [Float] = [0.5, 0.85, 0.9, 0.8, 1.0 / 3, 0.999, 0.001, 0.25, 0.7, 0.123_456]

    /// Every entry is t × level weight × (1/255) × k scaled to 255 and rounded as `Blend.quantize` rounds it.
    @Test(arguments: [1, 0.25, 0.6] as [Float])
    func everyEntryIsTheRoundedFloatProduct(levelWeight w: Float) {
        for k in Self.weights {
            let table = ScaledBytes(levelWeight: w, weight: k)
            for t in 0..<256 {
                let unit = SIMD4<Float>(repeating: Float(t)) * w * (1 / 255) * k
                #expect(table.bytes[t] == UInt8(truncatingIfNeeded: Blend.quantize(unit).x), "t \(t), w \(w), k \(k)")
            }
        }
    }

    /// A row of translucent texels with a transparent run and a run of one color (groups the table path maps
    /// once and reuses), blended over an uneven destination with weights that are mostly the table's and
    /// sometimes not (edges): the same bytes with the table as without it.
    @Test(arguments: weights)
    func aRowStoresWhatTheFloatPathStores(k: Float) {
        let count = 43
        let source = PixelBuffer(width: count, height: 1)
        for i in 0..<count {
            let t = (24..<36).contains(i) ? 24 : i
            let a = (8..<16).contains(t) ? 0 : (t * 61 + 17) % 256
            source.pixels[i * 4 + 3] = UInt8(a)
            for c in 0..<3 { source.pixels[i * 4 + c] = UInt8(a * ((t * (c + 7) + 3) % 23) / 22) }
        }
        var weights = [Float](repeating: k, count: count)
        weights[0] = k * 0.5; weights[21] = 0; weights[33] = k * 0.75; weights[count - 1] = k * 0.25
        let plain = PixelBuffer(width: count, height: 1), mapped = PixelBuffer(width: count, height: 1)
        for i in 0..<(count * 4) { plain.pixels[i] = UInt8((i * 29 + 11) % 256); mapped.pixels[i] = plain.pixels[i] }
        let table = ScaledBytes(levelWeight: 1, weight: k)
        table.bytes.withUnsafeBufferPointer { bytes in
            var view = LevelView(source, weight: 1)
            view.blendDirectRow(texels: source.pixels, weights: weights, into: plain.pixels, count: count, opaque: false)
            view.scale(bytes.baseAddress!, weight: k)
            view.blendDirectRow(texels: source.pixels, weights: weights, into: mapped.pixels, count: count, opaque: false)
        }
        for i in 0..<count {
            let a = (0..<4).map { plain.pixels[i * 4 + $0] }, b = (0..<4).map { mapped.pixels[i * 4 + $0] }
            #expect(a == b, "k \(k), pixel \(i)")
        }
    }
}
