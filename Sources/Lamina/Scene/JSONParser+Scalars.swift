extension JSONParser {
    /// Parses a string starting at the opening quote; validates UTF-8 and escapes.
    mutating func string() throws(JSONParseError) -> String {
        let start = pos
        pos += 1
        var runStart = pos
        var escaped: [UInt8]?
        while true {
            guard pos < bytes.count else { throw fail("unterminated string (opened at \(fail("", at: start).description.dropLast(2)))") }
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw fail("control character \(found()) in a string (escape it)") }
            if b == UInt8(ascii: "\\") {
                if escaped == nil { escaped = [] }
                escaped!.append(contentsOf: bytes[runStart..<pos])
                try escape(into: &escaped!)
                runStart = pos
                continue
            }
            pos += 1
        }
        let raw: ArraySlice<UInt8>
        if var e = escaped {
            e.append(contentsOf: bytes[runStart..<pos])
            raw = e[...]
        } else {
            raw = bytes[runStart..<pos]
        }
        pos += 1
        guard let s = String(validating: raw, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
        return s
    }

    private mutating func escape(into out: inout [UInt8]) throws(JSONParseError) {
        let at = pos
        pos += 1
        guard pos < bytes.count else { throw fail("unterminated escape sequence", at: at) }
        let c = bytes[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(c)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escapeAt: at)
            if scalar >= 0xD800 && scalar < 0xDC00 {
                guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: at)
                }
                pos += 2
                let low = try hex4(escapeAt: pos - 2)
                guard low >= 0xDC00 && low < 0xE000 else { throw fail("unpaired surrogate in a \\u escape pair", at: at) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                throw fail("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: at)
            }
            out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw fail("invalid escape sequence '\\\(Character(Unicode.Scalar(c)))'", at: at)
        }
    }

    private mutating func hex4(escapeAt at: Int) throws(JSONParseError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < bytes.count else { throw fail("expected 4 hex digits after \\u", at: at) }
            let b = bytes[pos]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw fail("expected 4 hex digits after \\u, got \(found())")
            }
            v = v << 4 | UInt32(d)
            pos += 1
        }
        return v
    }

    /// Parses a number with RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    mutating func number() throws(JSONParseError) -> Double {
        let start = pos
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        guard isDigit(pos) else { throw fail("expected a digit after '-', got \(found())") }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { throw fail("leading zeros are not allowed in numbers") }
        } else {
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard isDigit(pos) else { throw fail("expected a digit after the decimal point, got \(found())") }
            while isDigit(pos) { pos += 1 }
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            pos += 1
            if pos < bytes.count && (bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-")) { pos += 1 }
            guard isDigit(pos) else { throw fail("expected a digit in the exponent, got \(found())") }
            while isDigit(pos) { pos += 1 }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw fail("number \(MessageText.escaped(text, limit: 40)) is out of range", at: start) }
        return v
    }
}
