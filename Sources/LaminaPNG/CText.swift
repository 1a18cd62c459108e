/// A C library's message from a fixed buffer filled by a shim.
enum CText {
    /// The NUL-terminated text in `buffer` as UTF-8 (invalid bytes replaced), `empty` when there is none.
    static func string(_ buffer: [CChar], empty: String) -> String {
        let s = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return s.isEmpty ? empty : s
    }
}
