import CWebP
import Lamina

/// Reads WebP files (lossy, lossless, with or without alpha; of an animated file the first frame) into
/// premultiplied RGBA8 bitmaps with libwebp.
///
/// The canvas size is read from the first chunk (VP8, VP8L or VP8X, `ImageHeader`) and checked against
/// `Limits.maxImageSide` before any pixel memory is allocated; libwebpdemux then parses the whole container
/// (a truncated one is refused) and the first frame is decoded in place on a transparent canvas of that size.
/// Values are taken as sRGB (ICC profiles are ignored).
public enum WebPDecoder {
    /// Decodes WebP bytes into a premultiplied bitmap of the canvas's size; `source` names the image in errors.
    public static func decode(_ bytes: [UInt8], source: String = "WebP") throws(PNGError) -> Bitmap {
        guard ImageSourceFormat(signatureOf: bytes) == .webp else {
            throw .invalid(source: source, message: "not a WebP file (it does not start with RIFF…WEBP)", format: "WebP")
        }
        guard let header = ImageHeader(bytes) else {
            throw .invalid(source: source, message: "the first chunk is not a complete VP8, VP8L or VP8X header", format: "WebP")
        }
        let (width, height) = (header.width, header.height)
        guard header.isWithinLimits else { throw .badDimensions(source: source, width: width, height: height, format: "WebP") }
        var pixels = try CText.decodedPixels(width: width, height: height, source: source, format: "WebP", library: "libwebp") { out, message, capacity in
            bytes.withUnsafeBufferPointer { data in
                lamina_webp_decode(data.baseAddress, data.count, out, Int32(width), Int32(height), message, capacity)
            }
        }
        PNGDecoder.premultiply(&pixels)
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
