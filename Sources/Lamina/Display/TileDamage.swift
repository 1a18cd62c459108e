/// Damage found by comparing two frames' pixels tile by tile: the stand-in for a renderer that knows what
/// it changed (the live compositor's own damage replaces it). Costs one pass over both frames.
public enum TileDamage {
    /// The tiles of `tile × tile` pixels (smaller at the right and bottom edges) where `new` differs from
    /// `old`, merged along rows into runs; the whole canvas when the sizes differ or there is no `old`.
    public static func between(_ old: Bitmap?, _ new: Bitmap, tile: Int = 32) -> [PixelRect] {
        let whole = [PixelRect(x: 0, y: 0, width: new.width, height: new.height)]
        guard let old, old.width == new.width, old.height == new.height else { return whole }
        let tile = max(1, tile)
        let columns = (new.width + tile - 1) / tile
        var rects: [PixelRect] = []
        old.pixels.withUnsafeBufferPointer { a in
            new.pixels.withUnsafeBufferPointer { b in
                for ty in stride(from: 0, to: new.height, by: tile) {
                    let rows = min(tile, new.height - ty)
                    var changed = [Bool](repeating: false, count: columns)
                    for y in ty..<ty + rows {
                        let rowStart = y * new.width * 4
                        for c in 0..<columns where !changed[c] {
                            let x0 = c * tile, x1 = min(new.width, x0 + tile)
                            let s = rowStart + x0 * 4, e = rowStart + x1 * 4
                            if !Self.equal(a, b, s, e) { changed[c] = true }
                        }
                    }
                    var c = 0
                    while c < columns {
                        guard changed[c] else { c += 1; continue }
                        let start = c
                        while c < columns && changed[c] { c += 1 }
                        let x0 = start * tile, x1 = min(new.width, c * tile)
                        rects.append(PixelRect(x: x0, y: ty, width: x1 - x0, height: rows))
                    }
                }
            }
        }
        return rects
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Bool {
        memcmpEqual(a.baseAddress! + s, b.baseAddress! + s, e - s)
    }

    private static func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        while i + 8 <= n {
            if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}
