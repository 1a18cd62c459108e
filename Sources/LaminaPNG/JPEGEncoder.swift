import CTurboJPEG
import Lamina

/// Writes premultiplied bitmaps as baseline JPEG (libjpeg-turbo), composited over an opaque background.
public enum JPEGEncoder {
    /// Encodes `bitmap` at `quality` (0 is taken as 1, libjpeg's lowest) over `background`.
    public static func encode(_ bitmap: Bitmap, quality: Int, background: (red: UInt8, green: UInt8, blue: UInt8)) throws(PNGError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width <= 65535, bitmap.height <= 65535 else {
            throw PNGError.encodeFailed(message: "JPEG cannot hold a \(bitmap.width)×\(bitmap.height) image (1…65535 px a side)")
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var msg = [CChar](repeating: 0, count: 256)
        let ok = bitmap.pixels.withUnsafeBufferPointer { src in
            lamina_jpeg_encode(src.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(min(100, max(1, quality))),
                               background.red, background.green, background.blue, &out, &size, &msg, msg.count)
        }
        guard ok == 1, let out else {
            throw PNGError.encodeFailed(message: "libjpeg-turbo: " + String(decoding: msg.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
