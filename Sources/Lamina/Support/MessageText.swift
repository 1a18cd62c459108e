/// Makes text from input safe to show in a one-line error message: control characters and the bidirectional
/// controls that reorder what a terminal shows (U+061C, U+200E/F, U+202A–202E, U+2066–2069) become visible
/// escapes (`\n`, `\t`, `\u{1b}`, `\u{202e}`) and long text is cut with "…".
public enum MessageText {
    /// How many characters of a value from the input a message shows.
    public static let valueLimit = 200
    /// How many characters a whole error line may have.
    public static let lineLimit = 4096

    /// `text` with control characters escaped, cut to `limit` characters (escapes included) plus "…".
    public static func escaped(_ text: String, limit: Int = valueLimit) -> String {
        var out = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            if shown + piece.count > limit {
                out += "…"
                return out
            }
            out += piece
            shown += piece.count
        }
        return out
    }

    /// `text` between double quotes, escaped and cut as `escaped(_:limit:)` does.
    public static func quoted(_ text: String, limit: Int = valueLimit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// A whole message made fit for one line of a terminal or log: escaped and at most `lineLimit` characters.
    public static func line(_ text: String) -> String {
        escaped(text, limit: lineLimit)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let v = scalar.value
            guard v < 0x20 || (0x7F...0x9F).contains(v) || isLayoutControl(v) else { return String(scalar) }
            return "\\u{" + String(v, radix: 16) + "}"
        }
    }

    /// Line and paragraph separators and the bidirectional marks, embeddings, overrides and isolates.
    private static func isLayoutControl(_ v: UInt32) -> Bool {
        switch v {
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
