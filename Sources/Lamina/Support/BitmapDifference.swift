/// How two bitmaps of the same size differ, channel by channel (0…255 units).
public struct BitmapDifference: Sendable, CustomStringConvertible {
    /// Largest absolute channel difference.
    public let maxChannel: Int
    /// Mean absolute channel difference over all channels.
    public let mean: Double
    /// Peak signal-to-noise ratio in dB (infinite when identical).
    public let psnr: Double
    /// Pixels whose largest channel difference exceeds `threshold`.
    public let pixelsOver: Int
    public let threshold: Int
    public let pixelCount: Int
    /// Per-pixel largest channel difference.
    public let perPixel: [UInt8]
    public let width: Int
    public let height: Int

    /// Compares `a` and `b`; nil when their sizes differ.
    public init?(_ a: Bitmap, _ b: Bitmap, threshold: Int = 2) {
        guard a.width == b.width, a.height == b.height else { return nil }
        width = a.width
        height = a.height
        self.threshold = threshold
        pixelCount = a.width * a.height
        var maxC = 0, over = 0
        var sum = 0.0, sq = 0.0
        var per = [UInt8](repeating: 0, count: pixelCount)
        for p in 0..<pixelCount {
            var m = 0
            for c in 0..<4 {
                let d = abs(Int(a.pixels[p * 4 + c]) - Int(b.pixels[p * 4 + c]))
                m = max(m, d)
                sum += Double(d)
                sq += Double(d * d)
            }
            per[p] = UInt8(m)
            maxC = max(maxC, m)
            if m > threshold { over += 1 }
        }
        maxChannel = maxC
        pixelsOver = over
        perPixel = per
        let n = Double(max(pixelCount * 4, 1))
        mean = sum / n
        let mse = sq / n
        psnr = mse == 0 ? .infinity : 10 * LaminaMath.log2(255 * 255 / mse) / LaminaMath.log2(10)
    }

    /// Fraction of pixels within `threshold`.
    public var fractionWithin: Double { pixelCount == 0 ? 1 : Double(pixelCount - pixelsOver) / Double(pixelCount) }

    /// A visualisation: black where equal, red scaled ×8 by the difference (opaque).
    public func image() -> Bitmap {
        var px = [UInt8](repeating: 0, count: pixelCount * 4)
        for p in 0..<pixelCount {
            let d = Int(perPixel[p])
            px[p * 4] = UInt8(min(255, d == 0 ? 0 : 40 + d * 8))
            px[p * 4 + 3] = 255
        }
        return Bitmap(width: width, height: height, pixels: px)
    }

    public var description: String {
        let p = psnr.isInfinite ? "inf" : Format.number((psnr * 100).rounded() / 100)
        return "max \(maxChannel)/255, mean \(Format.number((mean * 1000).rounded() / 1000)), PSNR \(p) dB, \(pixelsOver) of \(pixelCount) pixels over \(threshold)/255"
    }
}
