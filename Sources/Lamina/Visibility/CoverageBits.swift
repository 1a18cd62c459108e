/// Rows of a one-bit-per-pixel "covered" map, 64 pixels to a word, as the occlusion culling of both
/// backends keeps them: a bit is set once a later opaque store owns that pixel.
public enum CoverageBits {
    /// Words in one row of a map `width` pixels wide.
    @inlinable public static func words(forWidth width: Int) -> Int { (width + 63) >> 6 }

    /// The first index ≥ `x` (below `limit`) whose bit is clear (`clear`) or set (otherwise); `limit` if none.
    @inlinable @inline(__always)
    public static func next(clear: Bool, from x: Int, limit: Int, in line: UnsafePointer<UInt64>) -> Int {
        var w = x >> 6
        var bits = (clear ? ~line[w] : line[w]) & (~0 << UInt64(x & 63))
        while bits == 0 {
            w += 1
            if w << 6 >= limit { return limit }
            bits = clear ? ~line[w] : line[w]
        }
        return min(limit, w << 6 + bits.trailingZeroBitCount)
    }

    /// Calls `visit(lo, hi)` for each run [lo, hi) of clear bits within [x0, x1), left to right.
    @inlinable @inline(__always)
    public static func forEachClearSpan(in line: UnsafePointer<UInt64>, from x0: Int, to x1: Int, _ visit: (Int, Int) -> Void) {
        var x = x0
        while x < x1 {
            let lo = next(clear: true, from: x, limit: x1, in: line)
            guard lo < x1 else { return }
            let hi = next(clear: false, from: lo, limit: x1, in: line)
            visit(lo, hi)
            x = hi
        }
    }

    /// The first and last words of a non-empty `span` and the masks of its bits in them.
    @inlinable @inline(__always)
    static func words(of span: Range<Int>) -> (first: Int, last: Int, head: UInt64, tail: UInt64) {
        let a = span.lowerBound, b = span.upperBound
        return (a >> 6, (b - 1) >> 6, ~0 << UInt64(a & 63), ~0 >> UInt64(63 - ((b - 1) & 63)))
    }

    /// Whether two rows have the same bits within the non-empty `span` (then the same clear spans there).
    @inlinable @inline(__always)
    public static func sameBits(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, in span: Range<Int>) -> Bool {
        let (wa, wb, head, tail) = words(of: span)
        if wa == wb { return (a[wa] ^ b[wa]) & head & tail == 0 }
        guard (a[wa] ^ b[wa]) & head == 0, (a[wb] ^ b[wb]) & tail == 0 else { return false }
        for w in (wa + 1)..<wb where a[w] != b[w] { return false }
        return true
    }

    /// Whether no bit of the non-empty `span` is set in one row.
    @inlinable @inline(__always)
    public static func isClear(_ span: Range<Int>, in line: UnsafePointer<UInt64>) -> Bool {
        let (wa, wb, head, tail) = words(of: span)
        if wa == wb { return line[wa] & head & tail == 0 }
        guard line[wa] & head == 0, line[wb] & tail == 0 else { return false }
        for w in (wa + 1)..<wb where line[w] != 0 { return false }
        return true
    }

    /// Sets the bits of a non-empty `span` in one row.
    @inlinable @inline(__always)
    public static func cover(_ span: Range<Int>, in line: UnsafeMutablePointer<UInt64>) {
        let (wa, wb, head, tail) = words(of: span)
        if wa == wb {
            line[wa] |= head & tail
            return
        }
        line[wa] |= head
        for w in (wa + 1)..<wb { line[w] = ~0 }
        line[wb] |= tail
    }
}
