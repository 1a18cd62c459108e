import Lamina

/// Decodes the images a scene may name (SCENE_FORMAT.md, "Image source"): PNG, JPEG or WebP, chosen by
/// the data's first bytes (`ImageSourceFormat`), never by a file name, into premultiplied RGBA8 bitmaps.
public enum ImageSourceDecoder {
    /// A `SceneDecoder.ImageDecoder` backed by this decoder.
    public static let sceneImageDecoder: SceneDecoder.ImageDecoder = { bytes, name in
        try decode(bytes, source: name)
    }

    /// Decodes PNG, JPEG or WebP bytes; `source` names the image in errors.
    public static func decode(_ bytes: [UInt8], source: String = "image") throws(PNGError) -> Bitmap {
        switch ImageSourceFormat(signatureOf: bytes) {
        case .png?: return try PNGDecoder.decode(bytes, source: source)
        case .jpeg?: return try JPEGDecoder.decode(bytes, source: source)
        case .webp?: return try WebPDecoder.decode(bytes, source: source)
        case nil: throw .unknownFormat(source: source)
        }
    }

    /// Reads and decodes an image file.
    public static func decode(contentsOfFile path: String) throws(PNGError) -> Bitmap {
        try decode(try FileBytes.read(path), source: path)
    }
}
