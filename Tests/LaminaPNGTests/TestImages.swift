import CTurboJPEG
import Foundation
import Lamina
import Testing
@testable import LaminaPNG

/// Images for the JPEG and WebP decoder tests: an asymmetric block image and its turns, JPEGs with Exif
/// orientation, progressive JPEGs, hand-built animated WebPs, and the Pillow-made files in `Fixtures/`.
enum TestImages {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appending(path: name)))
    }

    static let colors: [(UInt8, UInt8, UInt8)] = [(220, 30, 30), (30, 200, 40), (40, 60, 230), (240, 240, 240), (250, 200, 20), (20, 20, 20)]

    /// 48×32 px: six opaque 16×16 blocks of distinct colors, three a row (as `Fixtures/blocks.png`).
    static let blocks: Bitmap = {
        var b = Bitmap(width: 48, height: 32, pixels: [UInt8](repeating: 255, count: 48 * 32 * 4))
        for y in 0..<32 {
            for x in 0..<48 {
                let c = colors[y / 16 * 3 + x / 16], i = (y * 48 + x) * 4
                b.pixels[i] = c.0
                b.pixels[i + 1] = c.1
                b.pixels[i + 2] = c.2
            }
        }
        return b
    }()

    static func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { Array(b.pixels[(y * b.width + x) * 4..<(y * b.width + x) * 4 + 4]) }

    /// `b` with each output pixel (x, y) taken from `source(x, y)`; `size` is the output size.
    static func remap(_ b: Bitmap, size: (Int, Int), _ source: (Int, Int) -> (Int, Int)) -> Bitmap {
        var out = Bitmap(width: size.0, height: size.1, pixels: [UInt8](repeating: 0, count: size.0 * size.1 * 4))
        for y in 0..<size.1 {
            for x in 0..<size.0 {
                let (sx, sy) = source(x, y)
                out.pixels.replaceSubrange((y * size.0 + x) * 4..<(y * size.0 + x) * 4 + 4, with: pixel(b, sx, sy))
            }
        }
        return out
    }

    static func mirrored(_ b: Bitmap) -> Bitmap { remap(b, size: (b.width, b.height)) { (b.width - 1 - $0, $1) } }
    static func flipped(_ b: Bitmap) -> Bitmap { remap(b, size: (b.width, b.height)) { ($0, b.height - 1 - $1) } }
    /// A quarter turn clockwise: the left column becomes the top row.
    static func turnedClockwise(_ b: Bitmap) -> Bitmap { remap(b, size: (b.height, b.width)) { ($1, b.height - 1 - $0) } }
    static func turnedCounterClockwise(_ b: Bitmap) -> Bitmap { turnedClockwise(turnedClockwise(turnedClockwise(b))) }

    /// How a camera stores `upright` when it writes Exif orientation `o`: the inverse of what `o` does.
    static func stored(_ upright: Bitmap, _ o: ExifOrientation) -> Bitmap {
        switch o {
        case .identity: return upright
        case .flipHorizontal: return mirrored(upright)
        case .rotate180: return turnedClockwise(turnedClockwise(upright))
        case .flipVertical: return flipped(upright)
        case .transpose: return mirrored(turnedClockwise(upright))
        case .rotate90: return turnedCounterClockwise(upright)
        case .transverse: return mirrored(turnedCounterClockwise(upright))
        case .rotate270: return turnedClockwise(upright)
        }
    }

    /// An Exif APP1 segment whose IFD0 holds a make, then the orientation.
    static func exifSegment(_ orientation: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(2)
            + u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
    }

    /// `jpeg` with `segment` after its JFIF APP0 segment.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let at = jpeg[3] == 0xE0 ? 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) : 2
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }

    /// A JPEG of `b` (opaque) through TurboJPEG with `flags` (e.g. TJFLAG_PROGRESSIVE).
    static func jpeg(_ b: Bitmap, quality: Int32 = 95, subsampling: Int32 = Int32(TJSAMP_420.rawValue), flags: Int32 = 0) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = b.pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(b.width), Int32(b.width * 4), Int32(b.height), Int32(TJPF_RGBA.rawValue),
                        &out, &size, subsampling, quality, flags)
        }
        #expect(rc == 0)
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: try #require(out), count: Int(size)))
    }

    /// The largest channel difference over the pixels at least `margin` px from every 16-px block edge
    /// (JPEG's chroma upsampling blends colors across block edges).
    static func interiorDifference(_ a: Bitmap, _ b: Bitmap, margin: Int = 2) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for y in 0..<a.height where y % 16 >= margin && y % 16 < 16 - margin {
            for x in 0..<a.width where x % 16 >= margin && x % 16 < 16 - margin {
                for (p, q) in zip(pixel(a, x, y), pixel(b, x, y)) { worst = max(worst, abs(Int(p) - Int(q))) }
            }
        }
        return worst
    }

    static func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(v >> (8 * $0) & 255) } }

    static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + le(payload.count, 4) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    /// An animated WebP built chunk by chunk: a `canvas`-sized VP8X + ANIM, then one ANMF a frame holding the
    /// lossless bitstream of its bitmap at its (even) offset.
    static func animatedWebP(canvas: (Int, Int), frames: [(Bitmap, x: Int, y: Int)]) throws -> [UInt8] {
        var body = Array("WEBP".utf8) + chunk("VP8X", [0x12, 0, 0, 0] + le(canvas.0 - 1, 3) + le(canvas.1 - 1, 3))
        body += chunk("ANIM", [0, 0, 0, 0, 0, 0])
        for (bitmap, x, y) in frames {
            let still = try WebPEncoder.encode(bitmap, quality: 50, lossless: true)
            #expect(still[12..<16].elementsEqual("VP8L".utf8))
            body += chunk("ANMF", le(x / 2, 3) + le(y / 2, 3) + le(bitmap.width - 1, 3) + le(bitmap.height - 1, 3)
                          + le(100, 3) + [0x02] + Array(still[12...]))
        }
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// A bitmap of one premultiplied color.
    static func solid(_ w: Int, _ h: Int, _ rgba: [UInt8]) -> Bitmap {
        Bitmap(width: w, height: h, pixels: Array((0..<w * h).map { _ in rgba }.joined()))
    }

    /// The message of the error `body` throws, nil when it throws none.
    static func message(_ body: () throws -> Bitmap) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
