import Lamina
import LaminaPNG
import Testing
@testable import LaminaPNG

/// A lossless WebP encode is bounded by its pixels (the effort a request asks for is capped) and stops when
/// its render is cancelled; an image too wide for WebP is refused before anything is encoded.
struct WebPEncodeBoundsTests {
    /// A bitmap of noise, which lossless WebP compresses slowly.
    static func noise(_ side: Int) -> Bitmap {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
            pixels[i + 1] = UInt8(truncatingIfNeeded: state >> 32)
            pixels[i + 2] = UInt8(truncatingIfNeeded: state >> 40)
        }
        return Bitmap(width: side, height: side, pixels: pixels)
    }

    @Test("lossless effort is capped by megapixels: 100 up to 4 MP, about 6 at 8192²")
    func effortCap() {
        #expect(WebPEncoder.losslessEffort(100, width: 2000, height: 2000) == 100)
        #expect(WebPEncoder.losslessEffort(60, width: 100, height: 100) == 60)
        let big = WebPEncoder.losslessEffort(100, width: 8192, height: 8192)
        #expect(big > 5.9 && big < 6.0)
        #expect(WebPEncoder.losslessEffort(-5, width: 10, height: 10) == 0)
    }

    @Test("a cancelled encode stops with RenderCancelled; the same encode uncancelled finishes and decodes")
    func cancellation() throws {
        let bitmap = Self.noise(512)
        let cancelled = RenderCancellation()
        cancelled.cancel()
        #expect(throws: RenderCancelled.self) {
            _ = try WebPEncoder.encode(bitmap, quality: 100, lossless: true, cancellation: cancelled)
        }
        let bytes = try WebPEncoder.encode(bitmap, quality: 100, lossless: true, cancellation: RenderCancellation())
        #expect(bytes.starts(with: Array("RIFF".utf8)) && bytes.count > 512 * 512)
    }

    @Test("an image wider than 16383 px is refused as bad input before encoding")
    func tooWide() {
        #expect(throws: PNGError.tooLargeForFormat(format: "WebP", width: 16384, height: 2, limit: 16383)) {
            try ImageFormat.webp.checkSize(width: 16384, height: 2)
        }
        #expect(PNGError.tooLargeForFormat(format: "WebP", width: 16384, height: 2, limit: 16383).kind == .badInput)
        #expect(throws: Never.self) { try ImageFormat.png.checkSize(width: 16384, height: 16384) }
    }
}
