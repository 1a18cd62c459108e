/// The PNG signature and IHDR dimensions, checked before any decoding.
enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the IHDR chunk, or nil when `bytes` does not start like a PNG file.
    static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes.starts(with: signature),
              bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    static func check(_ bytes: [UInt8], _ reader: SceneValueReader, _ path: JSONPath) throws(SceneError) {
        guard let (w, h) = dimensions(bytes) else {
            throw reader.fail(path, "not a PNG image (PNG is the only image format in scene format v1)")
        }
        guard w > 0 && h > 0 else { throw reader.fail(path, "the PNG image is \(w)×\(h) px; it must not be empty") }
        guard w <= Limits.maxImageSide && h <= Limits.maxImageSide else {
            throw reader.limit(path, "the PNG image is \(w)×\(h) px; images may be at most \(Limits.maxImageSide) px a side")
        }
    }
}
