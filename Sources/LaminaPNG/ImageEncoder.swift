import Lamina

/// Encodes a rendered bitmap in any `ImageFormat`.
public enum ImageEncoder {
    /// The bytes of `bitmap` in `options.format`. A cancelled `cancellation` stops a long encode (WebP) with
    /// `RenderCancelled`; every other failure is a `PNGError`.
    public static func encode(_ bitmap: Bitmap, _ options: EncodingOptions, cancellation: RenderCancellation? = nil) throws -> [UInt8] {
        switch options.format {
        case .png: return try PNGEncoder.encode(bitmap, compression: options.pngCompression)
        case .webp:
            return try WebPEncoder.encode(bitmap, quality: options.effectiveQuality, lossless: options.lossless, cancellation: cancellation)
        case .jpeg: return try JPEGEncoder.encode(bitmap, quality: options.effectiveQuality, background: options.background)
        case .rgba:
            guard bitmap.width > 0, bitmap.height > 0 else {
                throw PNGError.encodeFailed(message: "cannot encode an empty \(bitmap.width)×\(bitmap.height) bitmap")
            }
            return bitmap.pixels
        }
    }

    /// Encodes `bitmap` and writes it to `path` atomically (see `AtomicFileWriter`).
    public static func write(_ bitmap: Bitmap, _ options: EncodingOptions, to path: String) throws {
        try AtomicFileWriter.write(try encode(bitmap, options), to: path)
    }

    /// The opaque color JPEG composites over: the scene's background when it is opaque, else white.
    public static func jpegBackground(of scene: Scene) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let c = scene.background
        guard c.alpha >= 1 else { return (255, 255, 255) }
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (byte(c.red), byte(c.green), byte(c.blue))
    }
}
