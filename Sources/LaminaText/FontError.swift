/// Why a font could not be loaded: each case reads as one line naming the file.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are not a TrueType/OpenType font or collection.
    case notAFont(path: String, reason: String)
    /// The font's table directory points past the end of the file.
    case truncated(path: String, reason: String)
    /// `#N` names a face the collection does not have.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// FreeType or HarfBuzz refused the face.
    case unusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file \(path): no such file"
        case .unreadable(let path, let reason): "font file \(path): cannot be read (\(reason))"
        case .notAFont(let path, let reason): "font file \(path): not a TrueType/OpenType font (\(reason))"
        case .truncated(let path, let reason): "font file \(path): truncated (\(reason))"
        case .faceIndexOutOfRange(let path, let index, let count):
            "font file \(path): face #\(index) requested, the file has \(count) face\(count == 1 ? "" : "s") (#0–#\(max(count - 1, 0)))"
        case .unusable(let path, let reason): "font file \(path): \(reason)"
        }
    }
}
