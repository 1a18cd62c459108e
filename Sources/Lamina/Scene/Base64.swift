/// Strict base64 (RFC 4648, standard alphabet) decoding of data URI payloads.
enum Base64 {
    private static let table: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            t[Int(c)] = UInt8(i)
        }
        return t
    }()

    /// The decoded bytes, or nil for bad characters, bad padding or a truncated final group.
    /// A prefix whose length is a multiple of 4 decodes on its own (used to peek at headers).
    static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        let chars = Array(text)
        guard chars.count % 4 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let last = i + 4 == chars.count
            let pad = last ? (chars[i + 3] == UInt8(ascii: "=") ? (chars[i + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = chars[i + k]
                if k >= 4 - pad { v <<= 6; continue }
                let d = table[Int(c)]
                guard d != 0xFF else { return nil }
                v = v << 6 | UInt32(d)
            }
            out.append(UInt8(v >> 16 & 0xFF))
            if pad < 2 { out.append(UInt8(v >> 8 & 0xFF)) }
            if pad < 1 { out.append(UInt8(v & 0xFF)) }
            i += 4
        }
        return out
    }
}
