import Lamina

/// An image (PNG, JPEG or WebP) that cannot be read, or an image that cannot be written.
public enum PNGError: LaminaFailure, Hashable {
    /// The bytes do not start with the PNG signature.
    case notPNG(source: String)
    /// The bytes start like none of the formats read (`ImageSourceFormat`).
    case unknownFormat(source: String)
    /// The decoder refused the data (truncated, corrupt, bad CRC, unsupported); `message` is the
    /// library's or says what is wrong; `format` names the format (PNG, JPEG, WebP).
    case invalid(source: String, message: String, format: String = "PNG")
    /// The header's dimensions are zero or larger than `Limits.maxImageSide`.
    case badDimensions(source: String, width: Int, height: Int, format: String = "PNG")
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// libpng could not encode the bitmap.
    case encodeFailed(message: String)
    /// Writing the output failed: the system call, its errno and its explanation in words.
    case writeFailed(path: String, call: String, code: Int32, reason: String)
    /// The output path cannot be written: it names something other than a regular file, or its folder is
    /// missing or not writable. Found before anything is rendered; `message` says what is wrong.
    case badOutput(path: String, message: String)
    /// The image is too large for the output format (WebP holds at most 16383 px a side); found before
    /// anything is drawn.
    case tooLargeForFormat(format: String, width: Int, height: Int, limit: Int)

    public var kind: FailureKind {
        switch self {
        case .notPNG, .unknownFormat, .invalid, .badDimensions, .unreadable, .badOutput, .tooLargeForFormat: return .badInput
        case .encodeFailed, .writeFailed: return .environment
        }
    }

    public var description: String {
        switch self {
        case .notPNG(let source): return "\(source): not a PNG file (bad signature)"
        case .unknownFormat(let source): return "\(source): not a \(ImageSourceFormat.allNames) image"
        case .invalid(let source, let message, let format): return "\(source): invalid \(format): \(message)"
        case .badDimensions(let source, let w, let h, let format):
            if w == 0 || h == 0 { return "\(source): the \(format) image is \(w)×\(h) px; it must not be empty" }
            return "\(source): the \(format) image is \(w)×\(h) px; images may be at most \(Limits.maxImageSide) px a side"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .encodeFailed(let message): return "PNG encoding failed: \(message)"
        case .writeFailed(let path, let call, _, let reason):
            return call == "create" ? "cannot create a file in \(path): \(reason)" : "cannot write \(path): \(reason)"
        case .badOutput(_, let message): return message
        case .tooLargeForFormat(let format, let w, let h, let limit):
            return "the image is \(w)×\(h) px; \(format) holds at most \(limit) px a side (choose another format or a smaller scale)"
        }
    }
}
