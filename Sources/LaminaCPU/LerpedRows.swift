/// The texel rows an axis-aligned bilinear draw reads, each already lerped along x for every column of the
/// draw: kept while consecutive target rows read the same texel rows (an image magnified, or drawn at its
/// size off whole pixels), so such a row lerps only along y.
///
/// A bilinear sample lerps the two texels of each of its rows along x, rounds to 8 bits, then lerps those
/// along y (`LevelView.words4`, `TexelLerp`). The x lerps of a texel row depend only on the row and on the
/// column taps, which are the same on every row of the draw, so keeping them changes no byte.
struct LerpedRows {
    /// Two slots of `columns` words each (rounded up to four).
    private let words: UnsafeMutablePointer<UInt32>
    private let columns: Int
    private var held: (Int32, Int32) = (-1, -1)

    /// Whether a draw whose rows advance `texelsPerRow` texel rows each is worth keeping rows for: at most one
    /// row per target row (up to single-precision rounding of the mapping), so each kept row serves the next
    /// target row too.
    static func pays(texelsPerRow: Double) -> Bool { texelsPerRow <= 1.001 }

    /// Runs `body` with an empty cache for `columns` columns.
    static func with<R>(columns: Int, _ body: (inout LerpedRows) -> R) -> R {
        let stride = (columns + 3) & ~3
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * stride) { buffer in
            var rows = LerpedRows(words: buffer.baseAddress!, columns: stride)
            return body(&rows)
        }
    }

    private init(words: UnsafeMutablePointer<UInt32>, columns: Int) {
        self.words = words
        self.columns = columns
    }

    /// The lerped words of texel rows `ty.i0` and `ty.i1` of `view` at column taps `taps[0…count)`; a row
    /// held already is reused, a missing one replaces the row not asked for.
    mutating func rows(_ ty: AxisTap, view: LevelView, taps: UnsafePointer<AxisTap>, count: Int)
        -> (UnsafePointer<UInt32>, UnsafePointer<UInt32>) {
        let top = slot(ty.i0, keeping: ty.i1, view: view, taps: taps, count: count)
        let bottom = slot(ty.i1, keeping: ty.i0, view: view, taps: taps, count: count)
        return (UnsafePointer(words + top * columns), UnsafePointer(words + bottom * columns))
    }

    private mutating func slot(_ row: Int32, keeping other: Int32, view: LevelView, taps: UnsafePointer<AxisTap>, count: Int) -> Int {
        if held.0 == row { return 0 }
        if held.1 == row { return 1 }
        let slot = held.0 == other ? 1 : 0
        if slot == 0 { held.0 = row } else { held.1 = row }
        let texels = view.pixels + Int(row) &* view.width &* 4
        let out = words + slot * columns
        var k = 0
        while k < count {
            let t0 = taps[k], t1 = taps[min(k &+ 1, count &- 1)], t2 = taps[min(k &+ 2, count &- 1)], t3 = taps[min(k &+ 3, count &- 1)]
            let a = SIMD4<Int32>(t0.i0, t1.i0, t2.i0, t3.i0), b = SIMD4<Int32>(t0.i1, t1.i1, t2.i1, t3.i1)
            let lerped = TexelLerp.lerp(view.words(texels, a), view.words(texels, b),
                                        TexelLerp.weights(SIMD4(t0.f, t1.f, t2.f, t3.f)))
            UnsafeMutableRawPointer(out + k).storeBytes(of: lerped, as: SIMD4<UInt32>.self)
            k &+= 4
        }
        return slot
    }
}
