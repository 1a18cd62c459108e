/// The encodings an image source of a scene may be in (SCENE_FORMAT.md, "Image source"), recognised by
/// the first bytes of the data, never by a file name or a media type.
public enum ImageSourceFormat: String, Sendable, CaseIterable {
    /// PNG: the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    case png = "PNG"
    /// JPEG (JFIF, Exif or bare): `FF D8 FF`.
    case jpeg = "JPEG"
    /// WebP: a RIFF container of form type `WEBP`.
    case webp = "WebP"

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format whose signature `bytes` starts with, or nil when it starts like none of them.
    public init?(signatureOf bytes: [UInt8]) {
        if bytes.starts(with: ImageSourceFormat.pngSignature) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// "PNG, JPEG or WebP": the formats named in messages about data that is none of them.
    public static let allNames = "PNG, JPEG or WebP"
}
