/// Lamina's own checks of a font file's container before FreeType sees it: the sfnt or TrueType-collection
/// header, and every table record of the chosen face lying inside the file.
enum SFNTValidator {
    /// Checks `bytes` and returns how many faces the file holds (1 for a single font).
    static func faceCount(of bytes: UnsafeRawBufferPointer, path: String) throws(FontError) -> Int {
        guard bytes.count >= 12 else {
            throw bytes.isEmpty ? .notAFont(path: path, reason: "empty file")
                : .truncated(path: path, reason: "\(bytes.count) bytes, shorter than a font header")
        }
        let tag = u32(bytes, 0)
        if tag == 0x7474_6366 { // 'ttcf'
            let count = Int(u32(bytes, 8))
            guard count > 0, count <= 10_000 else {
                throw .notAFont(path: path, reason: "collection header claims \(count) faces")
            }
            guard 12 + 4 * count <= bytes.count else {
                throw .truncated(path: path, reason: "collection offsets of \(count) faces end past the file's \(bytes.count) bytes")
            }
            return count
        }
        guard isSFNTVersion(tag) else {
            throw .notAFont(path: path, reason: "starts with 0x\(String(tag, radix: 16, uppercase: true)), not an sfnt or ttcf tag")
        }
        return 1
    }

    /// Checks the table directory of face `index` (for a collection, the face's own directory).
    static func checkFace(_ index: Int, of bytes: UnsafeRawBufferPointer, path: String) throws(FontError) {
        var offset = 0
        if u32(bytes, 0) == 0x7474_6366 {
            offset = Int(u32(bytes, 12 + 4 * index))
            guard offset <= bytes.count - 12 else {
                throw .truncated(path: path, reason: "face #\(index) starts at byte \(offset) of \(bytes.count)")
            }
            guard isSFNTVersion(u32(bytes, offset)) else {
                throw .notAFont(path: path, reason: "face #\(index) of the collection has no sfnt header")
            }
        }
        let tables = Int(u16(bytes, offset + 4))
        guard tables > 0 else { throw .notAFont(path: path, reason: "the font has no tables") }
        let directoryEnd = offset + 12 + 16 * tables
        guard directoryEnd <= bytes.count else {
            throw .truncated(path: path, reason: "table directory of \(tables) tables ends at byte \(directoryEnd) of \(bytes.count)")
        }
        for t in 0..<tables {
            let record = offset + 12 + 16 * t
            let tableOffset = UInt64(u32(bytes, record + 8)), length = UInt64(u32(bytes, record + 12))
            guard tableOffset + length <= UInt64(bytes.count) else {
                throw .truncated(path: path, reason: "table '\(tagName(u32(bytes, record)))' ends at byte \(tableOffset + length) of \(bytes.count)")
            }
        }
    }

    private static func isSFNTVersion(_ tag: UInt32) -> Bool {
        tag == 0x0001_0000 || tag == 0x4F54_544F || tag == 0x7472_7565 // 1.0, 'OTTO', 'true'
    }

    private static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private static func u16(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    private static func tagName(_ tag: UInt32) -> String {
        let chars = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8((tag >> $0) & 0xFF))) }
        return String(chars.map { $0.isASCII && !$0.isWhitespace || $0 == " " ? $0 : "?" })
    }
}
