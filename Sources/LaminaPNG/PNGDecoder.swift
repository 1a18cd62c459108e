import CPNG
import Lamina

/// Reads PNG files (8/16-bit; gray, gray+alpha, RGB, RGBA, palette with tRNS; interlaced) into
/// premultiplied RGBA8 bitmaps.
///
/// libpng's classic API runs inside `lamina_png_decode` (Sources/CPNG/shim.h), which keeps libpng's
/// setjmp/longjmp error handling in C: truncated, corrupt and CRC-broken files fail with libpng's
/// message, never a crash. The header is read first and its dimensions are checked against
/// `Limits.maxImageSide` before any pixel memory is allocated. 16-bit samples keep their high byte
/// (SCENE_FORMAT.md); gAMA/sRGB/iCCP chunks are ignored (values are taken as sRGB).
public enum PNGDecoder {

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the header, validated (non-zero, at most `Limits.maxImageSide`).
    public static func dimensions(_ bytes: [UInt8], source: String = "PNG") throws(PNGError) -> (width: Int, height: Int) {
        guard bytes.count >= 8, bytes.prefix(8).elementsEqual(signature) else { throw .notPNG(source: source) }
        var w: png_uint_32 = 0, h: png_uint_32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = bytes.withUnsafeBufferPointer { data in
            lamina_png_decode(data.baseAddress, data.count, nil, &w, &h, &message, message.count)
        }
        guard ok != 0 else { throw .invalid(source: source, message: CText.string(message, empty: "unknown libpng error")) }
        guard w > 0, h > 0, w <= Limits.maxImageSide, h <= Limits.maxImageSide else {
            throw .badDimensions(source: source, width: Int(w), height: Int(h))
        }
        return (Int(w), Int(h))
    }

    /// Decodes PNG bytes into a premultiplied RGBA8 bitmap; `source` names the image in errors.
    public static func decode(_ bytes: [UInt8], source: String = "PNG") throws(PNGError) -> Bitmap {
        let (width, height) = try dimensions(bytes, source: source)
        var w = png_uint_32(width), h = png_uint_32(height)
        var message = [CChar](repeating: 0, count: 256)
        var ok: Int32 = 0
        // Uninitialized: pages are touched only as libpng writes rows, so a tiny file claiming a huge
        // image fails fast instead of committing the whole buffer first (found by fuzzing).
        var pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            ok = bytes.withUnsafeBufferPointer { data in
                lamina_png_decode(data.baseAddress, data.count, out.baseAddress, &w, &h, &message, message.count)
            }
            count = ok != 0 ? width * height * 4 : 0
        }
        guard ok != 0 else { throw .invalid(source: source, message: CText.string(message, empty: "unknown libpng error")) }
        premultiply(&pixels)
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Reads and decodes a PNG file.
    public static func decode(contentsOfFile path: String) throws(PNGError) -> Bitmap {
        try decode(try FileBytes.read(path), source: path)
    }

    /// Straight → premultiplied alpha, rounding to nearest.
    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    for k in 0..<3 { p[i + k] = UInt8((UInt32(p[i + k]) * a + 127) / 255) }
                }
                i += 4
            }
        }
    }
}
