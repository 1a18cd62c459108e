/// Loads the font sources of a scene's `fonts` (SCENE_FORMAT.md "Font source"): a path relative to the
/// scene's folder (confined to it, as images are), optionally `#N` for face N of a collection, or a
/// `data:font/ttf;base64,` / `data:font/otf;base64,` URI. The bytes must start as a TrueType, OpenType or
/// collection file; whether FreeType opens them is asked of the text engine once a layer uses the font.
struct FontSourceLoader {
    let reader: SceneValueReader
    let files: ImageSourceLoader

    static let dataURIPrefixes = ["data:font/ttf;base64,", "data:font/otf;base64,"]
    static let forms = "a font source (a relative path to a .ttf/.otf file, \"file.ttc#N\", or a data:font/ttf;base64, URI)"

    func load(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> FontData {
        let source = try reader.string(v, path, what: FontSourceLoader.forms)
        if source.count >= 5, source.prefix(5).lowercased() == "data:" {
            let start = source.prefix(24).lowercased()
            guard let prefix = FontSourceLoader.dataURIPrefixes.first(where: { start.hasPrefix($0) }) else {
                throw reader.fail(path, "expected a data:font/ttf or data:font/otf URI in base64 (\"data:font/ttf;base64,…\"), got \(v.brief)")
            }
            let payload = Array(source.utf8.dropFirst(prefix.utf8.count))
            guard payload.count / 4 * 3 <= Limits.maxFontBytes else {
                throw reader.limit(path, "the data URI holds more than \(Limits.maxFontBytes) bytes; font files may be at most 64 MiB")
            }
            guard let bytes = Base64.decode(payload) else { throw reader.fail(path, "the data URI is not valid base64") }
            try checkSignature(bytes, faceIndex: 0, path)
            return FontData(bytes: bytes, faceIndex: 0, source: "data URI")
        }
        var file = source, face = 0
        if let hash = source.lastIndex(of: "#"), let n = Int(source[source.index(after: hash)...]) {
            guard n >= 0 else { throw reader.fail(path, "the face number after \"#\" must be ≥ 0, got \(n)") }
            file = String(source[..<hash]); face = n
        }
        let bytes = try files.readFile(file, path, what: "font", limit: Limits.maxFontBytes)
        files.inputs?.record(imageFile: file, bytes: bytes)
        try checkSignature(bytes, faceIndex: face, path)
        return FontData(bytes: bytes, faceIndex: face, source: file)
    }

    /// Refuses bytes that do not start as an sfnt font (TrueType 00 01 00 00 or "true", OpenType "OTTO")
    /// or a collection ("ttcf"); a face number past 0 needs a collection.
    private func checkSignature(_ bytes: [UInt8], faceIndex: Int, _ path: JSONPath) throws(SceneError) {
        guard bytes.count >= 12 else {
            throw reader.fail(path, "not a font file: \(bytes.count) bytes, too short for a TrueType or OpenType header")
        }
        let tag = Array(bytes[0..<4])
        let isCollection = tag == Array("ttcf".utf8)
        guard isCollection || tag == [0, 1, 0, 0] || tag == Array("OTTO".utf8) || tag == Array("true".utf8) else {
            throw reader.fail(path, "not a TrueType or OpenType font (the file starts with \(tag.map { String($0, radix: 16) }.joined(separator: " ")))")
        }
        if faceIndex > 0 && !isCollection {
            throw reader.fail(path, "face #\(faceIndex) asked of a file that is a single font, not a collection (.ttc)")
        }
    }
}
