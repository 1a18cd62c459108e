import Foundation

/// Loads the image sources of a scene's `images`: a path relative to the scene's folder (confined to it)
/// or a `data:image/png|jpeg|webp;base64,` URI, holding a PNG, JPEG or WebP recognised by its bytes.
/// Sizes are checked from the image's header before any decoding; the same bytes named twice (two
/// names, the same file, or the same data URI) decode once, and the decoded pixels of all images
/// together, with what decoding the next one holds on top, are counted against the budget before each decode.
final class ImageSourceLoader {
    let reader: SceneValueReader
    let baseDirectory: String?
    let imageDecoder: SceneDecoder.ImageDecoder?
    let library: ImageLibrary?
    let budget: MemoryBudget?
    let inputs: (any SceneInputRecorder)?
    private var decoded: [[UInt8]: Image] = [:]
    private var decodedBytes = 0

    init(reader: SceneValueReader, baseDirectory: String?, imageDecoder: SceneDecoder.ImageDecoder?,
         library: ImageLibrary?, budget: MemoryBudget?, inputs: (any SceneInputRecorder)? = nil) {
        self.inputs = inputs
        self.reader = reader
        self.baseDirectory = baseDirectory
        self.imageDecoder = imageDecoder
        self.library = library
        self.budget = budget
    }

    /// The largest image file read (a 16384² image compresses far below this).
    static let maxFileBytes = 512 * 1024 * 1024
    /// The data URI prefixes accepted (compared ignoring case); the bytes, not the media type, decide the format.
    static let dataURIPrefixes = ["data:image/png;base64,", "data:image/jpeg;base64,", "data:image/webp;base64,"]

    func load(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Image {
        let source = try reader.string(v, path, what: "an image source (a relative path or a data:image/png;base64, URI)")
        let bytes: [UInt8]
        let label: String
        if source.count >= 5, source.prefix(5).lowercased() == "data:" {
            let start = source.prefix(24).lowercased()
            guard let prefix = ImageSourceLoader.dataURIPrefixes.first(where: { start.hasPrefix($0) }) else {
                throw reader.fail(path, "expected a data:image/png, data:image/jpeg or data:image/webp URI in base64 "
                                  + "(\"data:image/png;base64,…\"), got \(v.brief)")
            }
            let payload = Array(source.utf8.dropFirst(prefix.utf8.count))
            guard payload.count / 4 * 3 <= ImageSourceLoader.maxFileBytes else {
                throw reader.limit(path, "the data URI holds more than \(ImageSourceLoader.maxFileBytes) bytes")
            }
            if let head = Base64.decode(payload.prefix(44)) {
                let format = ImageSourceFormat(signatureOf: head)
                if format == nil || (format != .jpeg && ImageHeader(head) != nil) { try check(head, path) }
            }
            guard let decoded = Base64.decode(payload) else {
                throw reader.fail(path, "the data URI is not valid base64")
            }
            bytes = decoded
            label = "data URI"
        } else {
            bytes = try readFile(source, path, what: "image", limit: ImageSourceLoader.maxFileBytes)
            inputs?.record(imageFile: source, bytes: bytes)
            label = source
        }
        let header = try check(bytes, path)
        guard let imageDecoder else { throw reader.fail(path, "this decoder has no image decoder, so scenes cannot use images") }
        if let image = decoded[bytes] { return image }
        try reserve(header, path)
        do {
            let decode = { Image(bitmap: try imageDecoder(bytes, label), source: label) }
            let image = try library?.image(for: bytes, decode: decode) ?? decode()
            decoded[bytes] = image
            return image
        } catch {
            throw reader.fail(path, "\(error)")
        }
    }

    /// The header of the image in `bytes`, refused when the format is unknown, the header is unreadable,
    /// or the size is empty or past `Limits.maxImageSide`.
    @discardableResult
    private func check(_ bytes: [UInt8], _ path: JSONPath) throws(SceneError) -> ImageHeader {
        guard let format = ImageSourceFormat(signatureOf: bytes) else {
            throw reader.fail(path, "not a \(ImageSourceFormat.allNames) image")
        }
        guard let header = ImageHeader(bytes) else {
            throw reader.fail(path, "the \(format.rawValue) image's header cannot be read (the data is truncated or corrupt)")
        }
        let (w, h) = (header.width, header.height)
        guard w > 0 && h > 0 else { throw reader.fail(path, "the \(format.rawValue) image is \(w)×\(h) px; it must not be empty") }
        guard header.isWithinLimits else {
            throw reader.limit(path, "the \(format.rawValue) image is \(w)×\(h) px; images may be at most \(Limits.maxImageSide) px a side")
        }
        return header
    }

    /// Counts the decoded size of an image (from its header) against the budget, with what decoding it
    /// holds on top of its bitmap while it runs.
    private func reserve(_ header: ImageHeader, _ path: JSONPath) throws(SceneError) {
        let peak = decodedBytes + header.decodingBytes
        decodedBytes += header.bitmapBytes
        guard let budget, peak > budget.bytes else { return }
        throw reader.limit(path, "decoding the scene's images needs \(MemoryBudget.format(peak)) so far; "
                           + "the memory limit is \(budget) (--memory-limit)")
    }

    /// Reads a relative path inside `baseDirectory`, refusing absolute paths, `..` escapes and
    /// symbolic links that lead outside the folder; `what` names the kind of file in messages.
    func readFile(_ source: String, _ path: JSONPath, what: String, limit: Int) throws(SceneError) -> [UInt8] {
        let shown = JSONValue.string(source).brief
        guard !source.isEmpty else { throw reader.fail(path, "expected \(what == "image" ? "an" : "a") \(what) path, got an empty string") }
        guard !source.hasPrefix("/") && !source.hasPrefix("\\") else {
            throw reader.fail(path, "\(shown) is an absolute path; \(what) paths must be relative to the scene's folder")
        }
        var depth = 0
        for component in source.split(separator: "/", omittingEmptySubsequences: true) {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 { throw reader.fail(path, "\(shown) leads outside the scene's folder (\"..\")") }
        }
        guard let baseDirectory else {
            throw reader.fail(path, "\(shown) is a relative path but the scene has no folder (use a data: URI)")
        }
        guard let base = ImageSourceLoader.realPath(baseDirectory) else {
            throw reader.fail(path, "cannot resolve the scene's folder \"\(baseDirectory)\"")
        }
        guard let resolved = ImageSourceLoader.realPath(base + "/" + source) else {
            throw reader.fail(path, "cannot read \(shown): \(SystemErrorText.describe(errno))")
        }
        if resolved == base {
            throw reader.fail(path, "cannot read \(shown): it is the scene's folder, not a file")
        }
        guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw reader.fail(path, "\(shown) resolves (through a symbolic link) to a file outside the scene's folder")
        }
        do {
            return try InputFile.read(resolved, limit: limit)
        } catch .tooLarge(let size) {
            throw reader.limit(path, "\(shown) is \(size) bytes; \(what) files may be at most \(limit) bytes")
        } catch {
            throw reader.fail(path, "cannot read \(shown): \(error)")
        }
    }

    /// The canonical absolute path with every symbolic link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
