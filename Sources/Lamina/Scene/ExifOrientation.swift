/// The orientation tag (0x0112) of a photo's Exif data: how the stored pixels are turned to be seen
/// upright. The names say what is done to the stored image; rotations are clockwise.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case identity = 1
    /// 2: mirrored left to right.
    case flipHorizontal = 2
    /// 3: turned half a turn.
    case rotate180 = 3
    /// 4: mirrored top to bottom.
    case flipVertical = 4
    /// 5: mirrored across the diagonal from the top-left corner (rows become columns).
    case transpose = 5
    /// 6: turned a quarter turn clockwise.
    case rotate90 = 6
    /// 7: mirrored across the diagonal from the top-right corner.
    case transverse = 7
    /// 8: turned a quarter turn counter-clockwise.
    case rotate270 = 8

    /// Whether the upright image's width is the stored height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation in Exif data: `tiff` is what follows `Exif\0\0` in a JPEG's APP1 segment (a TIFF
    /// header, either byte order, then IFD0). Every read is bounded by `tiff`; a missing, malformed or
    /// out-of-range tag is `.identity`.
    public init(tiff: ArraySlice<UInt8>) {
        self = .identity
        let t = Array(tiff)
        guard t.count >= 8 else { return }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i <= t.count - 2 else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return }
        let entries = min(count, max(0, (t.count - ifd - 2) / 12))
        for k in 0..<entries {
            let entry = ifd + 2 + k * 12
            guard u16(entry) == 0x0112 else { continue }
            guard u16(entry + 2) == 3, let n = u32(entry + 4), n >= 1,
                  let value = u16(entry + 8), let orientation = ExifOrientation(rawValue: value) else { return }
            self = orientation
            return
        }
    }
}
