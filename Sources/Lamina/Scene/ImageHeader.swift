/// The format and size of an encoded image, read from its header before any decoding, and the memory
/// decoding it takes, so that an image is checked against `Limits.maxImageSide` and counted in the
/// memory budget before a pixel is allocated.
public struct ImageHeader: Hashable, Sendable {
    public let format: ImageSourceFormat
    /// The size of the decoded image: for a JPEG, after its Exif orientation is applied; for an
    /// animated WebP, its canvas.
    public let width: Int
    public let height: Int
    /// The most bytes decoding holds at once (saturating): the bitmap, and the whole-image buffers of
    /// the decoder where it keeps them (JPEG coefficients of progressive and multi-scan files, the
    /// 32-bit pixels of lossless WebP, the orientation turn of a JPEG).
    public let decodingBytes: Int

    /// The bytes of the decoded bitmap (four a pixel, saturating).
    public var bitmapBytes: Int { ImageHeader.product(width, height, 4) }

    /// Whether the image is empty or larger than `Limits.maxImageSide` on a side.
    public var isWithinLimits: Bool {
        width > 0 && height > 0 && width <= Limits.maxImageSide && height <= Limits.maxImageSide
    }

    /// Reads the header of a PNG (IHDR), JPEG (the frame header; the whole marker structure is walked)
    /// or WebP (VP8, VP8L or VP8X chunk); nil when the bytes are none of them or end before their size.
    public init?(_ bytes: [UInt8]) {
        switch ImageSourceFormat(signatureOf: bytes) {
        case .png?:
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
            self.init(format: .png, width: be32(16), height: be32(20), bytesPerPixel: 4)
        case .jpeg?:
            guard let layout = JPEGLayout(bytes) else { return nil }
            self.init(jpeg: layout, orientation: layout.exif.map { ExifOrientation(tiff: bytes[$0]) } ?? .identity)
        case .webp?:
            guard let (width, height, lossy) = ImageHeader.webpSize(bytes) else { return nil }
            self.init(format: .webp, width: width, height: height, bytesPerPixel: lossy ? 4 : 8)
        case nil:
            return nil
        }
    }

    private init(format: ImageSourceFormat, width: Int, height: Int, bytesPerPixel: Int) {
        self.format = format
        self.width = width
        self.height = height
        decodingBytes = ImageHeader.product(width, height, bytesPerPixel)
    }

    private init(jpeg layout: JPEGLayout, orientation: ExifOrientation) {
        format = .jpeg
        width = orientation.swapsAxes ? layout.height : layout.width
        height = orientation.swapsAxes ? layout.width : layout.height
        let bitmap = layout.width * layout.height * 4
        decodingBytes = bitmap * (orientation == .identity ? 1 : 2) + (layout.buffersCoefficients ? layout.coefficientBytes : 0)
    }

    static func product(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let (ab, o1) = a.multipliedReportingOverflow(by: b)
        let (abc, o2) = ab.multipliedReportingOverflow(by: c)
        return o1 || o2 ? Int.max : abc
    }

    /// The canvas size of a WebP file from its first chunk, and whether that chunk is a simple lossy
    /// image (VP8); nil when the chunk is none of VP8, VP8L, VP8X or its header is cut short.
    static func webpSize(_ b: [UInt8]) -> (width: Int, height: Int, lossy: Bool)? {
        guard b.count >= 20 else { return nil }
        let fourCC = String(decoding: b[12..<16], as: UTF8.self)
        func le(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(b[i + $1]) << (8 * $1) } }
        switch fourCC {
        case "VP8 ":
            guard b.count >= 30, b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return (le(26, 2) & 0x3FFF, le(28, 2) & 0x3FFF, true)
        case "VP8L":
            guard b.count >= 25, b[20] == 0x2F else { return nil }
            let bits = le(21, 4)
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1, false)
        case "VP8X":
            guard b.count >= 30 else { return nil }
            return (le(24, 3) + 1, le(27, 3) + 1, false)
        default:
            return nil
        }
    }
}
