import CDeflate
import CPNG
import Foundation
import Lamina

/// Writes premultiplied bitmaps as 8-bit straight-alpha PNG files: libpng's simplified API (`.standard`) or
/// libdeflate (`.fast`).
public enum PNGEncoder {
    /// Encodes a bitmap; colors are un-premultiplied with rounding (`round(c·255/a)`). Both compressions
    /// store the same pixels.
    public static func encode(_ bitmap: Bitmap, compression: PNGCompression = .standard) throws(PNGError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError.encodeFailed(message: "cannot encode an empty \(bitmap.width)×\(bitmap.height) bitmap")
        }
        if compression == .fast { return try encodeFast(bitmap) }
        let straight = unpremultiplied(bitmap.pixels)
        var capacity = bitmap.pixels.count + bitmap.pixels.count / 64 + bitmap.height + 4096
        for _ in 0..<2 {
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            image.width = UInt32(bitmap.width)
            image.height = UInt32(bitmap.height)
            image.format = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
            var out = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = out.withUnsafeMutableBytes { dst in
                straight.withUnsafeBytes { src in
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress,
                                              Int32(bitmap.width * 4), nil)
                }
            }
            png_image_free(&image)
            if ok != 0 {
                return Array(out[..<Int(size)])
            }
            guard Int(size) > capacity else { throw PNGError.encodeFailed(message: message(of: image)) }
            capacity = Int(size)
        }
        throw PNGError.encodeFailed(message: "the output buffer kept growing")
    }

    /// libdeflate at `DeflatePNG.level`, the Up filter, RGB when opaque (see `lamina_deflate_png`).
    private static func encodeFast(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let ok = bitmap.pixels.withUnsafeBufferPointer { src in
            lamina_deflate_png(src.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), fastLevel, &out, &size)
        }
        guard ok == 1, let out else {
            throw PNGError.encodeFailed(message: "libdeflate could not encode a \(bitmap.width)×\(bitmap.height) image (out of memory)")
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// libdeflate's compression level of `.fast`.
    static let fastLevel: Int32 = 3

    /// Encodes `bitmap` and writes it to `path` atomically: a temporary file in the same folder, then
    /// a rename; on failure no file is left behind and an existing file at `path` is untouched.
    public static func write(_ bitmap: Bitmap, to path: String, compression: PNGCompression = .standard) throws(PNGError) {
        try AtomicFileWriter.write(try encode(bitmap, compression: compression), to: path)
    }

    /// libpng's message from a simplified-API `png_image`.
    private static func message(of image: png_image) -> String {
        var m = image.message
        let text = withUnsafeBytes(of: &m) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return text.isEmpty ? "unknown libpng error" : text
    }

    /// Premultiplied → straight alpha, rounding to nearest; fully transparent pixels become 0,0,0,0.
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    for k in 0..<3 { p[i + k] = UInt8(min(255, (UInt32(p[i + k]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
        return out
    }
}
