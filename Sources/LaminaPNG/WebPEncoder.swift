import CWebP
import Lamina

/// Writes premultiplied bitmaps as WebP (libwebp): lossy at a quality, or lossless.
public enum WebPEncoder {
    /// libwebp's `method` (0 fastest … 6 smallest): 2 for lossy, 0 for lossless, where higher methods
    /// cost many times the time for a few percent.
    static func method(lossless: Bool) -> Int32 { lossless ? 0 : 2 }

    /// The most lossless effort × megapixels an encode may spend: 100 (the most effort) up to 4 MP, less
    /// above, so that the encode time stays bounded by the pixels whatever effort a request asks for.
    static let effortPixelBudget = 400.0

    /// The lossless effort used for `quality` on a `width` × `height` image.
    static func losslessEffort(_ quality: Int, width: Int, height: Int) -> Float {
        let megapixels = Double(width) * Double(height) / 1_000_000
        let cap = megapixels <= 0 ? 100 : effortPixelBudget / megapixels
        return Float(min(Double(min(100, max(0, quality))), cap))
    }

    /// Encodes `bitmap` (un-premultiplied first); `quality` 0–100 is the lossy quality, or the lossless effort
    /// (bounded by `effortPixelBudget`). A cancelled `cancellation` stops the encode: it throws `RenderCancelled`.
    public static func encode(_ bitmap: Bitmap, quality: Int, lossless: Bool,
                              cancellation: RenderCancellation? = nil) throws -> [UInt8] {
        try ImageFormat.webp.checkSize(width: bitmap.width, height: bitmap.height)
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError.encodeFailed(message: "WebP cannot hold a \(bitmap.width)×\(bitmap.height) image")
        }
        let straight = PNGEncoder.unpremultiplied(bitmap.pixels)
        let level = lossless ? losslessEffort(quality, width: bitmap.width, height: bitmap.height) : Float(min(100, max(0, quality)))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error: Int32 = 0
        let progress: WebPProgressHook = { _, picture in
            guard let data = picture?.pointee.user_data else { return 1 }
            return Unmanaged<RenderCancellation>.fromOpaque(data).takeUnretainedValue().isCancelled ? 0 : 1
        }
        let ok = withExtendedLifetime(cancellation) {
            straight.withUnsafeBufferPointer { src in
                lamina_webp_encode(src.baseAddress, Int32(bitmap.width), Int32(bitmap.height), lossless ? 1 : 0, level,
                                   method(lossless: lossless), cancellation == nil ? nil : progress,
                                   cancellation.map { Unmanaged.passUnretained($0).toOpaque() }, &out, &size, &error)
            }
        }
        if ok != 1, cancellation?.isCancelled == true { throw RenderCancelled() }
        guard ok == 1, let out else { throw PNGError.encodeFailed(message: "libwebp error \(error)") }
        defer { WebPFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
