import Lamina

/// The encodings Lamina writes a rendered bitmap in.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG, straight alpha (RGB when every pixel is opaque with the fast compression).
    case png
    /// WebP, lossy at a quality, or lossless.
    case webp
    /// Baseline JPEG at a quality, 4:2:0; no alpha: pixels are composited over an opaque background.
    case jpeg
    /// The raw bitmap: `width × height × 4` bytes, R, G, B, A, premultiplied alpha, rows top to bottom.
    case rgba

    /// The media type of an answer in this format.
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .jpeg: return "image/jpeg"
        case .rgba: return "application/octet-stream"
        }
    }

    /// The largest side an image in this format may have.
    public var maxSide: Int { self == .webp ? 16383 : Limits.maxSide }

    /// Refuses, before anything is drawn, an image this format cannot hold.
    public func checkSize(width: Int, height: Int) throws(PNGError) {
        guard width <= maxSide, height <= maxSide else {
            throw .tooLargeForFormat(format: self == .webp ? "WebP" : rawValue.uppercased(),
                                     width: width, height: height, limit: maxSide)
        }
    }

    /// The usual file name extension (without the dot).
    public var fileExtension: String { rawValue }

    /// The format a name stands for: `png`, `webp`, `jpeg` (or `jpg`), `rgba`; case-insensitive.
    public init?(name: String) {
        let n = name.lowercased()
        if n == "jpg" { self = .jpeg; return }
        self.init(rawValue: n)
    }

    /// The format a file name's extension stands for, nil when it has none or an unknown one.
    public init?(path: String) {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        self.init(name: String(last[last.index(after: dot)...]))
    }
}
