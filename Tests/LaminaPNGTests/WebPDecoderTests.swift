import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// WebP decoding: lossy and lossless with alpha, the first frame of animated files, refusals.
@Suite struct WebPDecoderTests {
    /// 16×12 px: opaque red, half-transparent green (40, 200, 40 at alpha 128, premultiplied) and opaque
    /// blue blocks, the rest transparent (as `Fixtures/alpha.png`).
    static let alpha: Bitmap = {
        var b = TestImages.solid(16, 12, [0, 0, 0, 0])
        for y in 0..<12 {
            for x in 0..<16 {
                let i = (y * 16 + x) * 4
                let color: [UInt8] = switch (x < 8, y < 6) {
                case (true, true): [200, 40, 40, 255]
                case (false, true): [20, 100, 20, 128]
                case (true, false): [40, 40, 200, 255]
                case (false, false): [0, 0, 0, 0]
                }
                b.pixels.replaceSubrange(i..<i + 4, with: color)
            }
        }
        return b
    }()

    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        BitmapDifference(a, b, threshold: 0).map(\.maxChannel) ?? .max
    }

    /// Lossy WebP blurs colors across the 8×6 blocks' edges (4:2:0 chroma): the mean difference stays small
    /// and each block's center keeps its color; alpha is coded losslessly.
    static func expectLossyClose(_ decoded: Bitmap, _ what: String) {
        #expect(decoded.width == 16 && decoded.height == 12, "\(what)")
        let difference = BitmapDifference(decoded, alpha, threshold: 0)
        #expect((difference?.mean ?? .infinity) < 8, "\(what): mean \(difference?.mean ?? .infinity)")
        for (x, y) in [(4, 3), (12, 3), (4, 9), (12, 9)] {
            let got = TestImages.pixel(decoded, x, y), want = TestImages.pixel(alpha, x, y)
            #expect(zip(got, want).allSatisfy { abs(Int($0) - Int($1)) <= 16 } && got[3] == want[3], "\(what) at (\(x), \(y)): \(got), not \(want)")
        }
        for y in 0..<12 {
            for x in 0..<16 where TestImages.pixel(alpha, x, y)[3] == 0 {
                #expect(TestImages.pixel(decoded, x, y) == [0, 0, 0, 0], "\(what): transparent stays transparent at (\(x), \(y))")
            }
        }
    }

    @Test func decodesLosslessAndLossyWithAlpha() throws {
        #expect(try PNGDecoder.decode(try TestImages.fixture("alpha.png")) == Self.alpha)
        let lossless = try WebPEncoder.encode(Self.alpha, quality: 50, lossless: true)
        #expect(Self.maxDifference(try WebPDecoder.decode(lossless), Self.alpha) <= 1)
        #expect(Self.maxDifference(try WebPDecoder.decode(try TestImages.fixture("lossless-alpha.webp")), Self.alpha) <= 1)
        let lossy = try WebPEncoder.encode(Self.alpha, quality: 95, lossless: false)
        #expect(ImageHeader(lossy)?.format == .webp)
        Self.expectLossyClose(try WebPDecoder.decode(lossy), "libwebp through WebPEncoder")
        Self.expectLossyClose(try WebPDecoder.decode(try TestImages.fixture("lossy-alpha.webp")), "Pillow")
    }

    @Test func decodesTheFirstFrameOfAnimatedFiles() throws {
        let first = TestImages.solid(8, 6, [0, 0, 200, 255])
        let second = TestImages.solid(16, 12, [0, 200, 0, 255])
        let bytes = try TestImages.animatedWebP(canvas: (16, 12), frames: [(first, 4, 2), (second, 0, 0)])
        #expect(ImageHeader(bytes).map { [$0.width, $0.height] } == [16, 12])
        let decoded = try WebPDecoder.decode(bytes, source: "anim.webp")
        #expect(decoded.width == 16 && decoded.height == 12)
        for y in 0..<12 {
            for x in 0..<16 {
                let inside = (4..<12).contains(x) && (2..<8).contains(y)
                #expect(TestImages.pixel(decoded, x, y) == (inside ? [0, 0, 200, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
        let pillow = try WebPDecoder.decode(try TestImages.fixture("animated.webp"))
        #expect(Self.maxDifference(pillow, Self.alpha) <= 1, "the first frame, not the blue second one")
    }

    @Test func truncatedAndCorruptFilesAreOneLineErrors() throws {
        let lossy = try WebPEncoder.encode(Self.alpha, quality: 95, lossless: false)
        let lossless = try WebPEncoder.encode(Self.alpha, quality: 50, lossless: true)
        let animated = try TestImages.fixture("animated.webp")
        for (name, whole) in [("lossy", lossy), ("lossless", lossless), ("animated", animated)] {
            for cut in [whole.count - 1, whole.count / 2, 31] {
                let line = TestImages.message { try WebPDecoder.decode(Array(whole.prefix(cut)), source: "\(name).webp") }
                #expect(line == "\(name).webp: invalid WebP: the container is truncated or corrupt", "\(name) cut at \(cut)")
            }
        }
        var corrupt = lossless
        for i in stride(from: 25, to: corrupt.count, by: 3) { corrupt[i] ^= 0x5A }
        let line = try #require(TestImages.message { try WebPDecoder.decode(corrupt, source: "bad.webp") })
        #expect(line.hasPrefix("bad.webp: invalid WebP: "), "\(line)")
        #expect(TestImages.message { try WebPDecoder.decode(Array(lossy.prefix(20)), source: "h.webp") }
                == "h.webp: invalid WebP: the first chunk is not a complete VP8, VP8L or VP8X header")
        #expect(TestImages.message { try WebPDecoder.decode([0xFF, 0xD8, 0xFF], source: "j.webp") }
                == "j.webp: invalid WebP: not a WebP file (it does not start with RIFF…WEBP)")
    }

    @Test func oversizeHeadersAreRefusedBeforeDecoding() throws {
        let vp8x = Array("RIFF".utf8) + TestImages.le(22, 4) + Array("WEBPVP8X".utf8) + TestImages.le(10, 4)
            + [0x12, 0, 0, 0] + TestImages.le(16384, 3) + TestImages.le(99, 3)
        #expect(throws: PNGError.badDimensions(source: "wide.webp", width: 16385, height: 100, format: "WebP")) {
            try WebPDecoder.decode(vp8x, source: "wide.webp")
        }
        // The frame of an animated file must lie inside its canvas.
        let outside = try TestImages.animatedWebP(canvas: (8, 8), frames: [(TestImages.solid(8, 8, [1, 2, 3, 255]), 2, 0)])
        let line = TestImages.message { try WebPDecoder.decode(outside, source: "o.webp") }
        #expect(line?.hasPrefix("o.webp: invalid WebP: ") == true, "\(line ?? "decoded")")
    }
}
