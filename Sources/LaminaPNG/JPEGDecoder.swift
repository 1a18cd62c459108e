import CTurboJPEG
import Lamina

/// Reads JPEG files (baseline, extended and progressive; 8-bit grayscale, YCbCr or RGB) into opaque RGBA8
/// bitmaps with libjpeg-turbo, turned upright by their Exif orientation.
///
/// The markers are walked first (`JPEGLayout`): the frame's size is checked against `Limits.maxImageSide`
/// and a file of more than `maxScans` scans is refused before any pixel memory is allocated. libjpeg's
/// warnings (truncated or corrupt entropy-coded data) fail the decode like its errors; CMYK files are
/// refused. Values are taken as sRGB (ICC profiles are ignored).
public enum JPEGDecoder {
    /// The most scans decoded: each scan of a progressive file passes over the whole image, so a small
    /// file of thousands of scans would take minutes. Common encoders write at most a few dozen.
    public static let maxScans = 100

    /// Decodes JPEG bytes into a bitmap, upright; `source` names the image in errors.
    public static func decode(_ bytes: [UInt8], source: String = "JPEG") throws(PNGError) -> Bitmap {
        guard ImageSourceFormat(signatureOf: bytes) == .jpeg else {
            throw .invalid(source: source, message: "not a JPEG file (it does not start with FF D8 FF)", format: "JPEG")
        }
        guard let layout = JPEGLayout(bytes) else {
            throw .invalid(source: source, message: "no frame header (SOF) before the first scan or the end of the data", format: "JPEG")
        }
        let orientation = layout.exif.map { ExifOrientation(tiff: bytes[$0]) } ?? .identity
        let (width, height) = (layout.width, layout.height)
        guard width > 0, height > 0, width <= Limits.maxImageSide, height <= Limits.maxImageSide else {
            throw orientation.swapsAxes ? .badDimensions(source: source, width: height, height: width, format: "JPEG")
                                        : .badDimensions(source: source, width: width, height: height, format: "JPEG")
        }
        guard layout.scans > 0 else {
            throw .invalid(source: source, message: "the data ends before the first scan (truncated)", format: "JPEG")
        }
        guard layout.scans <= maxScans else {
            throw .invalid(source: source, message: "\(layout.scans) scans; at most \(maxScans) are decoded", format: "JPEG")
        }
        let pixels = try CText.decodedPixels(width: width, height: height, source: source, format: "JPEG", library: "libjpeg-turbo") { out, message, capacity in
            bytes.withUnsafeBufferPointer { data in
                lamina_jpeg_decode(data.baseAddress, data.count, out, Int32(width), Int32(height), message, capacity)
            }
        }
        return orientation.upright(Bitmap(width: width, height: height, pixels: pixels))
    }
}
