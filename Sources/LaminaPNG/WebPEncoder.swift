import CWebP
import Lamina

/// Writes premultiplied bitmaps as WebP (libwebp): lossy at a quality, or lossless.
public enum WebPEncoder {
    /// libwebp's `method` (0 fastest … 6 smallest): 2 for lossy, 0 for lossless, where higher methods
    /// cost many times the time for a few percent.
    static func method(lossless: Bool) -> Int32 { lossless ? 0 : 2 }

    /// Encodes `bitmap` (un-premultiplied first); `quality` 0–100 is the lossy quality, or the lossless effort.
    public static func encode(_ bitmap: Bitmap, quality: Int, lossless: Bool) throws(PNGError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width <= 16383, bitmap.height <= 16383 else {
            throw PNGError.encodeFailed(message: "WebP cannot hold a \(bitmap.width)×\(bitmap.height) image (1…16383 px a side)")
        }
        let straight = PNGEncoder.unpremultiplied(bitmap.pixels)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error: Int32 = 0
        let ok = straight.withUnsafeBufferPointer { src in
            lamina_webp_encode(src.baseAddress, Int32(bitmap.width), Int32(bitmap.height), lossless ? 1 : 0,
                               Float(min(100, max(0, quality))), method(lossless: lossless), &out, &size, &error)
        }
        guard ok == 1, let out else { throw PNGError.encodeFailed(message: "libwebp error \(error)") }
        defer { WebPFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
