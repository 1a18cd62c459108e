import CTurboJPEG
import CWebP
import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// WebP, JPEG, raw RGBA and the fast PNG: each decodes (libwebp, libjpeg-turbo, libpng) to the pixels encoded.
@Suite struct ImageFormatTests {
    /// Half the width opaque colors, half translucent; one fully transparent corner pixel.
    static func sample(_ w: Int = 48, _ h: Int = 32, opaque: Bool = false) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a: UInt8 = opaque || x < w / 2 ? 255 : UInt8(40 + (x * 7 + y * 3) % 200)
                let c = { (v: Int) -> UInt8 in UInt8((v % 256) * Int(a) / 255) }
                b[x, y] = SIMD4(c(x * 5), c(y * 8), c(120), a)
            }
        }
        if !opaque { b[w - 1, h - 1] = SIMD4(0, 0, 0, 0) }
        return b
    }

    static func webpPixels(_ bytes: [UInt8]) -> (Int, Int, [UInt8])? {
        var w: Int32 = 0, h: Int32 = 0
        guard let p = bytes.withUnsafeBufferPointer({ WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h) }) else { return nil }
        defer { WebPFree(p) }
        return (Int(w), Int(h), Array(UnsafeBufferPointer(start: p, count: Int(w * h * 4))))
    }

    static func jpegPixels(_ bytes: [UInt8]) -> (Int, Int, [UInt8])? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var bytes = bytes
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, space: Int32 = 0
        guard tjDecompressHeader3(handle, &bytes, UInt(bytes.count), &w, &h, &sub, &space) == 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(w * h * 3))
        guard tjDecompress2(handle, &bytes, UInt(bytes.count), &out, w, 0, h, Int32(TJPF_RGB.rawValue), 0) == 0 else { return nil }
        return (Int(w), Int(h), out)
    }

    @Test("fast PNG: libpng decodes it to the same pixels as standard; RGB when opaque, RGBA when not")
    func fastPNG() throws {
        for opaque in [true, false] {
            let b = Self.sample(opaque: opaque)
            let fast = try PNGEncoder.encode(b, compression: .fast)
            #expect(try PNGDecoder.decode(fast) == PNGDecoder.decode(try PNGEncoder.encode(b)), "opaque \(opaque)")
            #expect(fast[25] == (opaque ? 2 : 6), "IHDR color type")
            #expect(Array(fast.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "ends with IEND and its CRC")
        }
        #expect(throws: PNGError.self) { try PNGEncoder.encode(Bitmap(width: 0, height: 3), compression: .fast) }
    }

    @Test("lossless WebP decodes to the exact straight-alpha pixels")
    func webpLossless() throws {
        let b = Self.sample()
        let bytes = try ImageEncoder.encode(b, EncodingOptions(format: .webp, lossless: true))
        #expect(Array(bytes[8..<12]) == Array("WEBP".utf8))
        let (w, h, px) = try #require(Self.webpPixels(bytes))
        #expect(w == 48 && h == 32)
        #expect(px == PNGEncoder.unpremultiplied(b.pixels))
    }

    @Test("lossy WebP: quality changes the size, the pixels stay close")
    func webpLossy() throws {
        let b = Self.sample(opaque: true)
        let low = try ImageEncoder.encode(b, EncodingOptions(format: .webp, quality: 10))
        let high = try ImageEncoder.encode(b, EncodingOptions(format: .webp, quality: 95))
        #expect(low.count < high.count)
        let (_, _, px) = try #require(Self.webpPixels(high))
        let err = zip(px, b.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / px.count
        #expect(err <= 6, "mean channel error \(err)")
    }

    @Test("JPEG: opaque pixels stay close; a transparent pixel becomes the background color")
    func jpeg() throws {
        let opaque = Self.sample(opaque: true)
        let (w, h, px) = try #require(Self.jpegPixels(try JPEGEncoder.encode(opaque, quality: 95, background: (255, 255, 255))))
        #expect(w == 48 && h == 32)
        var err = 0
        for i in 0..<(w * h) { for k in 0..<3 { err += abs(Int(px[i * 3 + k]) - Int(opaque.pixels[i * 4 + k])) } }
        #expect(err / (w * h * 3) <= 6, "mean channel error \(err / (w * h * 3))")
        let clear = Bitmap(width: 16, height: 16)
        let (_, _, bg) = try #require(Self.jpegPixels(try ImageEncoder.encode(clear, EncodingOptions(format: .jpeg, background: (10, 200, 90)))))
        #expect(abs(Int(bg[0]) - 10) <= 3 && abs(Int(bg[1]) - 200) <= 3 && abs(Int(bg[2]) - 90) <= 3, "\(bg[0...2])")
    }

    @Test("raw RGBA is the premultiplied bitmap itself")
    func rawRGBA() throws {
        let b = Self.sample()
        #expect(try ImageEncoder.encode(b, EncodingOptions(format: .rgba)) == b.pixels)
    }

    @Test("formats by name and by file extension; quality outside 0–100 is refused naming the parameter")
    func names() throws {
        #expect(ImageFormat(name: "JPG") == .jpeg && ImageFormat(name: "webp") == .webp && ImageFormat(name: "gif") == nil)
        #expect(ImageFormat(path: "out/a.b/card.WEBP") == .webp && ImageFormat(path: "out/a.b/card") == nil)
        #expect(ImageFormat(path: ".png") == nil)
        for q in [-1, 101] {
            #expect(throws: EncodingOptionError.qualityOutOfRange(q)) { try EncodingOptions(format: .jpeg, quality: q).validated() }
        }
        #expect(EncodingOptionError.unknownFormat("gif").parameter == "format")
        #expect(EncodingOptions(format: .webp, quality: 50).cacheKey != EncodingOptions(format: .webp, quality: 51).cacheKey)
    }
}
