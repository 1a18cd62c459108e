import Lamina

/// A parsed JSON document written as unambiguous bytes for hashing: a kind byte per value, numbers as
/// their IEEE 754 bits, strings and containers with their lengths first, object members in document
/// order. Iterative, so a document nested as deep as the parser allows is written on any thread.
enum CanonicalJSON {
    private enum Item {
        case value(JSONValue)
        case key(String)
    }

    /// Hands the canonical bytes of `value` to `out`, a piece at a time.
    static func write(_ value: JSONValue, to out: ([UInt8]) -> Void) {
        var stack: [Item] = [.value(value)]
        var piece: [UInt8] = []
        while let item = stack.popLast() {
            piece.removeAll(keepingCapacity: true)
            switch item {
            case .key(let key):
                text(key, into: &piece)
            case .value(.null):
                piece.append(0)
            case .value(.bool(let b)):
                piece.append(b ? 2 : 1)
            case .value(.number(let n)):
                piece.append(3)
                integer(n.bitPattern, into: &piece)
            case .value(.string(let s)):
                piece.append(4)
                text(s, into: &piece)
            case .value(.array(let items)):
                piece.append(5)
                integer(UInt64(items.count), into: &piece)
                stack.append(contentsOf: items.reversed().map { .value($0) })
            case .value(.object(let object)):
                piece.append(6)
                integer(UInt64(object.count), into: &piece)
                for (key, member) in zip(object.keys, object.values).reversed() {
                    stack.append(.value(member))
                    stack.append(.key(key))
                }
            }
            out(piece)
        }
    }

    private static func integer(_ v: UInt64, into piece: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { piece.append(contentsOf: $0) }
    }

    private static func text(_ s: String, into piece: inout [UInt8]) {
        integer(UInt64(s.utf8.count), into: &piece)
        piece.append(contentsOf: s.utf8)
    }
}
