import CTurboJPEG
import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// JPEG decoding: Exif orientation, progressive and grayscale files, and refusals with one line naming the image.
@Suite struct JPEGDecoderTests {
    @Test(arguments: ExifOrientation.allCases)
    func everyExifOrientationDecodesUpright(_ o: ExifOrientation) throws {
        for littleEndian in [true, false] {
            let stored = TestImages.stored(TestImages.blocks, o)
            let bytes = TestImages.inserting(TestImages.exifSegment(o.rawValue, littleEndian: littleEndian), into: try TestImages.jpeg(stored))
            let decoded = try JPEGDecoder.decode(bytes, source: "photo.jpg")
            #expect(decoded.width == 48 && decoded.height == 32, "\(o)")
            #expect(TestImages.interiorDifference(decoded, TestImages.blocks) <= 8, "\(o), little endian \(littleEndian)")
            #expect(ImageHeader(bytes).map { [$0.width, $0.height] } == [48, 32])
        }
    }

    @Test(arguments: 1...8)
    func pillowsExifFilesDecodeUpright(_ n: Int) throws {
        let reference = try PNGDecoder.decode(try TestImages.fixture("blocks.png"))
        #expect(reference == TestImages.blocks)
        let decoded = try JPEGDecoder.decode(try TestImages.fixture("exif-\(n).jpg"))
        #expect(decoded.width == 48 && decoded.height == 32)
        #expect(TestImages.interiorDifference(decoded, reference) <= 8, "orientation \(n)")
    }

    @Test func withoutExifTheStoredPixelsAreKept() throws {
        let turned = TestImages.turnedClockwise(TestImages.blocks)
        let decoded = try JPEGDecoder.decode(try TestImages.jpeg(turned))
        #expect(decoded.width == 32 && decoded.height == 48)
        #expect(TestImages.interiorDifference(decoded, turned) <= 8)
        let unknown = TestImages.inserting(TestImages.exifSegment(9, littleEndian: true), into: try TestImages.jpeg(turned))
        #expect(try JPEGDecoder.decode(unknown).width == 32, "orientation 9 is not one of the eight; the pixels stay as stored")
    }

    @Test func decodesProgressiveAndGrayscaleFiles() throws {
        let progressive = try TestImages.jpeg(TestImages.blocks, flags: Int32(TJFLAG_PROGRESSIVE))
        let layout = try #require(JPEGLayout(progressive))
        #expect(layout.isProgressive && layout.scans > 1)
        #expect(TestImages.interiorDifference(try JPEGDecoder.decode(progressive), TestImages.blocks) <= 8)
        let pillow = try TestImages.fixture("progressive.jpg")
        #expect(JPEGLayout(pillow)?.isProgressive == true)
        #expect(TestImages.interiorDifference(try JPEGDecoder.decode(pillow), TestImages.blocks) <= 10)
        let gray = try JPEGDecoder.decode(try TestImages.fixture("gray.jpg"))
        #expect(gray.width == 48 && gray.height == 32)
        for i in stride(from: 0, to: gray.pixels.count, by: 4) {
            #expect(gray.pixels[i] == gray.pixels[i + 1] && gray.pixels[i + 1] == gray.pixels[i + 2] && gray.pixels[i + 3] == 255)
        }
        let subsampled444 = try TestImages.jpeg(TestImages.blocks, subsampling: Int32(TJSAMP_444.rawValue), flags: Int32(TJFLAG_PROGRESSIVE))
        #expect(TestImages.interiorDifference(try JPEGDecoder.decode(subsampled444), TestImages.blocks, margin: 0) <= 8)
    }

    @Test func truncatedAndCorruptFilesAreOneLineErrors() throws {
        let whole = try TestImages.jpeg(TestImages.blocks)
        let layout = try #require(JPEGLayout(whole))
        #expect(layout.scans == 1)
        for cut in [whole.count - 2, whole.count / 2, 200] {
            let line = try #require(TestImages.message { try JPEGDecoder.decode(Array(whole.prefix(cut)), source: "cut.jpg") })
            #expect(line.hasPrefix("cut.jpg: invalid JPEG: "), "\(line)")
            #expect(!line.contains("\n"))
        }
        #expect(TestImages.message { try JPEGDecoder.decode(Array(whole.prefix(100)), source: "head.jpg") }
                == "head.jpg: invalid JPEG: no frame header (SOF) before the first scan or the end of the data")
        let sos = try #require(whole.indices.first { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA })
        #expect(TestImages.message { try JPEGDecoder.decode(Array(whole.prefix(sos)), source: "noscan.jpg") }
                == "noscan.jpg: invalid JPEG: the data ends before the first scan (truncated)")
        var corrupt = whole
        for i in stride(from: sos + 20, to: whole.count - 2, by: 7) { corrupt[i] = 0xFF; corrupt[i + 1] = 0xC4 }
        #expect(TestImages.message { try JPEGDecoder.decode(corrupt, source: "bad.jpg") }?.hasPrefix("bad.jpg: invalid JPEG: ") == true)
        #expect(TestImages.message { try JPEGDecoder.decode([0x89, 0x50, 0x4E, 0x47], source: "x.jpg") }
                == "x.jpg: invalid JPEG: not a JPEG file (it does not start with FF D8 FF)")
        let cmyk = try #require(TestImages.message { try JPEGDecoder.decode(try TestImages.fixture("cmyk.jpg"), source: "cmyk.jpg") })
        #expect(cmyk == "cmyk.jpg: invalid JPEG: CMYK images are not supported (only grayscale and YCbCr/RGB)")
    }

    /// A frame header claiming `width`×`height`, then one scan of a few bytes.
    static func header(width: Int, height: Int, scans: Int = 1) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255),
                          1, 1, 0x11, 0]
        for _ in 0..<scans { b += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34] }
        return b + [0xFF, 0xD9]
    }

    @Test func oversizeHeadersAreRefusedBeforeDecoding() throws {
        #expect(throws: PNGError.badDimensions(source: "big.jpg", width: 16385, height: 2, format: "JPEG")) {
            try JPEGDecoder.decode(Self.header(width: 16385, height: 2), source: "big.jpg")
        }
        #expect(TestImages.message { try JPEGDecoder.decode(Self.header(width: 65535, height: 65535), source: "big.jpg") }
                == "big.jpg: the JPEG image is 65535×65535 px; images may be at most 16384 px a side")
        #expect(TestImages.message { try JPEGDecoder.decode(Self.header(width: 0, height: 5), source: "e.jpg") }
                == "e.jpg: the JPEG image is 0×5 px; it must not be empty")
        let turned = TestImages.inserting(TestImages.exifSegment(6, littleEndian: false), into: Self.header(width: 20000, height: 3))
        #expect(throws: PNGError.badDimensions(source: "t.jpg", width: 3, height: 20000, format: "JPEG")) {
            try JPEGDecoder.decode(turned, source: "t.jpg")
        }
        #expect(TestImages.message { try JPEGDecoder.decode(Self.header(width: 8, height: 8, scans: 101), source: "scans.jpg") }
                == "scans.jpg: invalid JPEG: 101 scans; at most 100 are decoded")
        // Within the limits a tiny file claiming 16384² fails in libjpeg without touching the bitmap's pages.
        let line = TestImages.message { try JPEGDecoder.decode(Self.header(width: 16384, height: 16384), source: "huge.jpg") }
        #expect(line?.hasPrefix("huge.jpg: invalid JPEG: ") == true, "\(line ?? "decoded")")
    }

    @Test func uprightTurnsMatchTheirDefinitions() {
        let b = TestImages.solid(3, 2, [0, 0, 0, 255])
        var numbered = b
        for i in 0..<6 { numbered.pixels[i * 4] = UInt8(i) }
        // Stored 3×2: 0 1 2 / 3 4 5. Shown after each orientation, row by row:
        let expected: [ExifOrientation: [UInt8]] = [
            .identity: [0, 1, 2, 3, 4, 5], .flipHorizontal: [2, 1, 0, 5, 4, 3], .rotate180: [5, 4, 3, 2, 1, 0],
            .flipVertical: [3, 4, 5, 0, 1, 2], .transpose: [0, 3, 1, 4, 2, 5], .rotate90: [3, 0, 4, 1, 5, 2],
            .transverse: [5, 2, 4, 1, 3, 0], .rotate270: [2, 5, 1, 4, 0, 3],
        ]
        for o in ExifOrientation.allCases {
            let u = o.upright(numbered)
            #expect((u.width, u.height) == (o.swapsAxes ? (2, 3) : (3, 2)))
            #expect(stride(from: 0, to: u.pixels.count, by: 4).map { u.pixels[$0] } == expected[o], "\(o)")
        }
    }
}
