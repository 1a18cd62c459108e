/// A C library's message from a fixed buffer filled by a shim, and the decode calls that fill one.
enum CText {
    /// The NUL-terminated text in `buffer` as UTF-8 (invalid bytes replaced), `empty` when there is none.
    static func string(_ buffer: [CChar], empty: String) -> String {
        let s = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return s.isEmpty ? empty : s
    }

    /// The `width` × `height` × 4 bytes a shim's `decode(output, message, messageCapacity)` writes, which
    /// returns non-zero on success or fills the message; the message (or `library`'s name) in an error naming
    /// `source` and `format` otherwise.
    static func decodedPixels(width: Int, height: Int, source: String, format: String, library: String,
                              _ decode: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(PNGError) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var ok: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            ok = message.withUnsafeMutableBufferPointer { decode(out.baseAddress, $0.baseAddress!, $0.count) }
            count = ok != 0 ? width * height * 4 : 0
        }
        guard ok != 0 else { throw .invalid(source: source, message: string(message, empty: "unknown \(library) error"), format: format) }
        return pixels
    }
}
