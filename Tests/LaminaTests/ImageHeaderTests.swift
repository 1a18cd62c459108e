import Foundation
import Testing
@testable import Lamina

/// Image headers read before decoding: the format by its bytes, JPEG frame headers and Exif orientation,
/// WebP VP8/VP8L/VP8X sizes, and what decoding takes counted in the scene's budget.
@Suite struct ImageHeaderTests {
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(v >> (8 * $0) & 255) } }

    /// A TIFF block of IFD0 with one orientation entry, in either byte order.
    static func tiff(orientation: Int, littleEndian: Bool, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? le(v, 2) : be16(v) }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? le(v, 4) : be16(v >> 16) + be16(v & 0xFFFF) }
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        var t: [UInt8] = order
        t += u16(42) + u32(8) + u16(2)
        t += u16(0x010F) + u16(2) + u32(4) + u32(0)
        t += u16(0x0112) + u16(type) + u32(1)
        t += u16(orientation) + u16(0) + u32(0)
        return t
    }

    /// The markers of a JPEG without real entropy data: optional Exif, a frame header, `scans` scans.
    static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0, sampling: [UInt8] = [0x22, 0x11, 0x11],
                     scans: Int = 1, exif: [UInt8]? = nil) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        b += be16(16)
        b += Array("JFIF".utf8)
        b += [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if let exif {
            b += [0xFF, 0xE1]
            b += be16(8 + exif.count)
            b += Array("Exif".utf8)
            b += [0, 0]
            b += exif
        }
        var components: [UInt8] = []
        for (i, s) in sampling.enumerated() { components += [UInt8(i + 1), s, 0] }
        b += [0xFF, marker]
        b += be16(8 + components.count)
        b.append(8)
        b += be16(height)
        b += be16(width)
        b.append(UInt8(sampling.count))
        b += components
        for _ in 0..<scans {
            b += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]
            b += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0x00]
        }
        return b + [0xFF, 0xD9]
    }

    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le(4 + 8 + payload.count, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(payload.count, 4) + payload
    }

    @Test func recognisesFormatsByTheirBytes() {
        #expect(ImageSourceFormat(signatureOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageSourceFormat(signatureOf: [0xFF, 0xD8, 0xFF]) == .jpeg)
        #expect(ImageSourceFormat(signatureOf: Self.riff("VP8L", [])) == .webp)
        #expect(ImageSourceFormat(signatureOf: [0xFF, 0xD8]) == nil)
        #expect(ImageSourceFormat(signatureOf: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageSourceFormat(signatureOf: Array("GIF89a".utf8)) == nil)
        #expect(ImageSourceFormat(signatureOf: []) == nil)
    }

    @Test func readsJPEGFrameHeadersAndScans() throws {
        let layout = try #require(JPEGLayout(Self.jpeg(width: 200, height: 300, scans: 2)))
        #expect(layout.width == 200 && layout.height == 300 && layout.precision == 8 && layout.frameMarker == 0xC0)
        #expect(layout.scans == 2, "stuffed bytes, restart markers and fill bytes in entropy data are not markers")
        #expect(layout.components == [.init(horizontal: 2, vertical: 2), .init(horizontal: 1, vertical: 1), .init(horizontal: 1, vertical: 1)])
        #expect(layout.exif == nil && !layout.isProgressive && layout.buffersCoefficients)
        let header = try #require(ImageHeader(Self.jpeg(width: 200, height: 300)))
        #expect(header.format == .jpeg && header.width == 200 && header.height == 300)
        #expect(header.decodingBytes == 200 * 300 * 4, "one sequential scan: only the bitmap")
        let progressive = try #require(ImageHeader(Self.jpeg(width: 200, height: 300, marker: 0xC2, scans: 3)))
        // MCUs of 16×16: 13 × 19; Y has 2×2 blocks a MCU, Cb and Cr one; 128 bytes a block.
        #expect(progressive.decodingBytes == 200 * 300 * 4 + 13 * 19 * 6 * 128)
    }

    @Test func samplingFactorsOutsideTheirRangeCountAsOne() throws {
        // Found by the image fuzz target (Fuzz/crashes/jpeg-sampling-factor-0-divides-by-zero.jpg): a
        // progressive frame whose one component has sampling factors 0×4 divided by zero.
        let zero = try #require(ImageHeader(Self.jpeg(width: 9, height: 17, marker: 0xC2, sampling: [0x04], scans: 2)))
        #expect(zero.decodingBytes == 9 * 17 * 4 + 2 * 1 * 4 * 128)
        let wide = try #require(JPEGLayout(Self.jpeg(width: 9, height: 17, marker: 0xC2, sampling: [0xF0, 0x11], scans: 2)))
        #expect(wide.coefficientBytes == 2 * 3 * 128 * 2)
    }

    @Test func refusesJPEGsWithoutAFrameHeader() {
        let whole = Self.jpeg(width: 20, height: 10)
        let sof = whole.indices.first { whole[$0] == 0xFF && whole[$0 + 1] == 0xC0 }!
        #expect(JPEGLayout(Array(whole.prefix(sof + 6))) == nil, "cut inside the frame header")
        #expect(JPEGLayout(Array(whole.prefix(sof))) == nil, "cut before it")
        #expect(JPEGLayout([0xFF, 0xD8, 0xFF, 0xDA] + Self.be16(8) + [1, 1, 0, 0, 63, 0] + whole[sof...]) == nil, "a scan before the frame")
        #expect(JPEGLayout([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x01, 0, 0]) == nil, "a length below 2")
        #expect(JPEGLayout([0xFF, 0xD8, 0xFF]) == nil)
        #expect(ImageHeader([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF]) == nil)
        #expect(JPEGLayout(Array(whole.prefix(sof + 19)))?.scans == 0, "cut after the frame header")
    }

    @Test func readsTheExifOrientationInBothByteOrders() throws {
        for little in [true, false] {
            for o in ExifOrientation.allCases {
                let t = Self.tiff(orientation: o.rawValue, littleEndian: little)
                #expect(ExifOrientation(tiff: t[...]) == o)
                let bytes = Self.jpeg(width: 200, height: 300, exif: t)
                let header = try #require(ImageHeader(bytes))
                #expect(header.width == (o.swapsAxes ? 300 : 200) && header.height == (o.swapsAxes ? 200 : 300))
                #expect(header.decodingBytes == 200 * 300 * 4 * (o == .identity ? 1 : 2))
                let range = try #require(JPEGLayout(bytes)?.exif)
                #expect(Array(bytes[range]) == t)
            }
        }
        #expect(ExifOrientation(tiff: Self.tiff(orientation: 9, littleEndian: true)[...]) == .identity)
        #expect(ExifOrientation(tiff: Self.tiff(orientation: 0, littleEndian: false)[...]) == .identity)
        #expect(ExifOrientation(tiff: Self.tiff(orientation: 6, littleEndian: true, type: 4)[...]) == .identity, "not a SHORT")
        let t = Self.tiff(orientation: 6, littleEndian: true)
        for cut in 0..<32 { #expect(ExifOrientation(tiff: t.prefix(cut)) == .identity, "cut at \(cut)") }
        var farIFD = t
        farIFD[4...7] = [0xFF, 0xFF, 0xFF, 0x7F]
        #expect(ExifOrientation(tiff: farIFD[...]) == .identity)
        var manyEntries = t
        manyEntries[8...9] = [0xFF, 0xFF]
        #expect(ExifOrientation(tiff: manyEntries[...]) == .rotate90, "the entry count is bounded by the data")
        #expect(ExifOrientation(tiff: Array("MM\0*".utf8)[...]) == .identity)
    }

    @Test func readsWebPSizes() throws {
        let lossy = Self.riff("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A] + Self.le(0x4000 | 640, 2) + Self.le(0xC000 | 480, 2) + [0, 0])
        let a = try #require(ImageHeader(lossy))
        #expect(a.format == .webp && a.width == 640 && a.height == 480 && a.decodingBytes == 640 * 480 * 4)
        let bits = (99 - 1) | (33 - 1) << 14 | 1 << 28
        let lossless = Self.riff("VP8L", [0x2F] + Self.le(bits, 4) + [0, 0])
        let b = try #require(ImageHeader(lossless))
        #expect(b.width == 99 && b.height == 33 && b.decodingBytes == 99 * 33 * 8)
        let extended = Self.riff("VP8X", [0x12, 0, 0, 0] + Self.le(20000 - 1, 3) + Self.le(7 - 1, 3))
        let c = try #require(ImageHeader(extended))
        #expect(c.width == 20000 && c.height == 7 && !c.isWithinLimits)
        #expect(ImageHeader(Array(lossy.prefix(29))) == nil)
        #expect(ImageHeader(Self.riff("VP8 ", [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2B, 1, 0, 1, 0])) == nil, "bad start code")
        #expect(ImageHeader(Self.riff("VP8L", [0x2E, 0, 0, 0, 0])) == nil, "bad signature byte")
        #expect(ImageHeader(Self.riff("ALPH", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])) == nil)
    }

    @Test func pngSizesSaturate() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let header = try #require(ImageHeader(png))
        #expect(header.width == 0xFFFF_FFFF && header.decodingBytes == Int.max && header.bitmapBytes == Int.max && !header.isWithinLimits)
    }

    /// A scene with the image `source` as contents, decoded by a stand-in decoder of the header's size.
    func sceneLine(_ source: String, budget: MemoryBudget? = nil) -> String? {
        let decoder = SceneDecoder(imageDecoder: SceneImageTests.fakeDecoder, budget: budget)
        return sceneErrorLine(sceneWithRoot(#""contents": "photo""#, top: #""images": {"photo": "\#(source)"},"#), decoder: decoder)
    }

    func dataURI(_ type: String, _ bytes: [UInt8]) -> String { "data:image/\(type);base64," + Data(bytes).base64EncodedString() }

    @Test func scenesCheckJPEGAndWebPHeaders() {
        #expect(sceneLine(dataURI("jpeg", Self.jpeg(width: 20, height: 10))) == nil)
        #expect(sceneLine(dataURI("png", Self.jpeg(width: 20, height: 10))) == nil, "the bytes decide, not the media type")
        #expect(sceneLine(dataURI("JPEG", Self.jpeg(width: 16385, height: 10, exif: Self.tiff(orientation: 8, littleEndian: true))))
                == "card.json: images.photo: the JPEG image is 10×16385 px; images may be at most 16384 px a side")
        #expect(sceneLine(dataURI("jpeg", Self.jpeg(width: 0, height: 10)))
                == "card.json: images.photo: the JPEG image is 0×10 px; it must not be empty")
        #expect(sceneLine(dataURI("jpeg", Array(Self.jpeg(width: 20, height: 10).prefix(30))))
                == "card.json: images.photo: the JPEG image's header cannot be read (the data is truncated or corrupt)")
        let extended = Self.riff("VP8X", [0x12, 0, 0, 0] + Self.le(20000 - 1, 3) + Self.le(7 - 1, 3))
        #expect(sceneLine(dataURI("webp", extended))
                == "card.json: images.photo: the WebP image is 20000×7 px; images may be at most 16384 px a side")
        #expect(sceneLine(dataURI("webp", Self.riff("VP8L", [0x2F] + Self.le(3 | 4 << 14, 4) + [0])))  == nil)
        #expect(sceneLine(dataURI("webp", Array(Self.riff("VP8L", [0x2F, 1, 2]).prefix(22))))
                == "card.json: images.photo: the WebP image's header cannot be read (the data is truncated or corrupt)")
    }

    @Test func budgetCountsWhatDecodingHolds() {
        let baseline = dataURI("jpeg", Self.jpeg(width: 1000, height: 1000, sampling: [0x11, 0x11, 0x11]))
        let progressive = dataURI("jpeg", Self.jpeg(width: 1000, height: 1000, marker: 0xC2, sampling: [0x11, 0x11, 0x11], scans: 4))
        let budget = MemoryBudget(bytes: 8 << 20)
        #expect(sceneLine(baseline, budget: budget) == nil)
        // 4 MB of pixels and 125 × 125 blocks × 3 components × 128 bytes of coefficients.
        #expect(sceneLine(progressive, budget: budget) == "card.json: images.photo: decoding the scene's images needs "
                + "\(MemoryBudget.format(4_000_000 + 6_000_000)) so far; the memory limit is 8 MiB (--memory-limit)")
        let lossless = dataURI("webp", Self.riff("VP8L", [0x2F] + Self.le(1199 | 1199 << 14, 4) + [0]))
        #expect(sceneLine(lossless, budget: budget)?.contains("needs \(MemoryBudget.format(1200 * 1200 * 8)) so far") == true)
    }
}
