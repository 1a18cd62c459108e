/// Reads numbers and flags from SVG path data.
struct SVGPathScanner {
    let bytes: [UInt8]
    var pos = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { pos >= bytes.count }
    var peek: UInt8 { bytes[pos] }
    mutating func advance() { pos += 1 }

    static func isCommand(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"), UInt8(ascii: "H"),
             UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"), UInt8(ascii: "C"), UInt8(ascii: "c"),
             UInt8(ascii: "S"), UInt8(ascii: "s"), UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"),
             UInt8(ascii: "t"), UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return true
        default: return false
        }
    }

    mutating func skipSeparators(allowComma: Bool) {
        var sawComma = false
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: pos += 1
            case UInt8(ascii: ",") where allowComma && !sawComma: sawComma = true; pos += 1
            default: return
            }
        }
    }

    func describeCurrent() -> String {
        guard pos < bytes.count else { return "the end of the data" }
        let b = bytes[pos]
        return b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }

    /// True when a number (the next argument of a repeated command) starts here.
    var startsNumber: Bool {
        guard pos < bytes.count else { return false }
        let b = bytes[pos]
        return (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    private func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }

    mutating func number(_ what: String) throws(SVGPathError) -> Double {
        skipSeparators(allowComma: false)
        let start = pos
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "-") || bytes[pos] == UInt8(ascii: "+")) { pos += 1 }
        var digits = 0
        while isDigit(pos) { pos += 1; digits += 1 }
        if pos < bytes.count && bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            while isDigit(pos) { pos += 1; digits += 1 }
        }
        guard digits > 0 else {
            pos = start
            throw SVGPathError(offset: start, message: "expected a number (\(what)), got \(describeCurrent())")
        }
        if pos < bytes.count && (bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E")) {
            var p = pos + 1
            if p < bytes.count && (bytes[p] == UInt8(ascii: "-") || bytes[p] == UInt8(ascii: "+")) { p += 1 }
            if isDigit(p) {
                pos = p
                while isDigit(pos) { pos += 1 }
            }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let v = Double(text), v.isFinite else {
            throw SVGPathError(offset: start, message: "number \(text) is out of range")
        }
        skipSeparators(allowComma: true)
        return v
    }

    mutating func flag(_ what: String) throws(SVGPathError) -> Bool {
        skipSeparators(allowComma: false)
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "0") || bytes[pos] == UInt8(ascii: "1") else {
            throw SVGPathError(offset: pos, message: "expected a flag 0 or 1 (\(what)), got \(describeCurrent())")
        }
        let v = bytes[pos] == UInt8(ascii: "1")
        pos += 1
        skipSeparators(allowComma: true)
        return v
    }
}
