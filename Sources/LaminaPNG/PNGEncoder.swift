import CPNG
import Lamina

/// Writes premultiplied bitmaps as 8-bit straight-alpha RGBA PNG files (libpng simplified API).
public enum PNGEncoder {
    /// Encodes a bitmap; colors are un-premultiplied with rounding (`round(c·255/a)`).
    public static func encode(_ bitmap: Bitmap) throws(PNGError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError.encodeFailed(message: "cannot encode an empty \(bitmap.width)×\(bitmap.height) bitmap")
        }
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

    /// Encodes `bitmap` and writes it to `path` atomically: a temporary file in the same folder, then
    /// a rename; on failure no file is left behind and an existing file at `path` is untouched.
    public static func write(_ bitmap: Bitmap, to path: String) throws(PNGError) {
        try AtomicFileWriter.write(try encode(bitmap), to: path)
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
