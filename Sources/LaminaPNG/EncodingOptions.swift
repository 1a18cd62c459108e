/// How a rendered bitmap is encoded: the format and its settings.
public struct EncodingOptions: Sendable, Hashable {
    /// The format.
    public var format: ImageFormat
    /// Quality 0–100: lossy WebP and JPEG (default 80 for WebP, 85 for JPEG; JPEG uses at least 1); the
    /// effort of lossless WebP (default 25). Ignored by PNG and raw RGBA.
    public var quality: Int?
    /// WebP only: lossless instead of lossy.
    public var lossless: Bool
    /// PNG only: how hard it is compressed.
    public var pngCompression: PNGCompression
    /// JPEG only: the opaque color (R, G, B) that pixels are composited over; Lamina passes the scene's
    /// background color, or white when the scene has none or a transparent one.
    public var background: (red: UInt8, green: UInt8, blue: UInt8)

    public init(format: ImageFormat = .png, quality: Int? = nil, lossless: Bool = false,
                pngCompression: PNGCompression = .standard, background: (red: UInt8, green: UInt8, blue: UInt8) = (255, 255, 255)) {
        self.format = format
        self.quality = quality
        self.lossless = lossless
        self.pngCompression = pngCompression
        self.background = background
    }

    /// The quality used: the one given, or the format's default.
    public var effectiveQuality: Int {
        if let quality { return quality }
        switch format {
        case .webp: return lossless ? 25 : 80
        case .jpeg: return 85
        case .png, .rgba: return 0
        }
    }

    /// Checks the settings; a quality outside 0–100 is refused.
    public func validated() throws(EncodingOptionError) -> EncodingOptions {
        if let quality, !(0...100).contains(quality) { throw .qualityOutOfRange(quality) }
        return self
    }

    public static func == (a: EncodingOptions, b: EncodingOptions) -> Bool {
        a.format == b.format && a.quality == b.quality && a.lossless == b.lossless && a.pngCompression == b.pngCompression
            && a.background == b.background
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cacheKey)
    }

    /// A text that names every setting that changes the bytes (for cache keys and ETags).
    public var cacheKey: String {
        let b = background
        switch format {
        case .png: return "png/\(pngCompression.rawValue)"
        case .rgba: return "rgba"
        case .webp: return "webp/\(lossless ? "lossless" : "lossy")/q\(effectiveQuality)"
        case .jpeg: return "jpeg/q\(effectiveQuality)/bg\(b.red),\(b.green),\(b.blue)"
        }
    }
}
