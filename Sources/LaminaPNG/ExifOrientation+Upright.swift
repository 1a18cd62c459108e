import Lamina

extension ExifOrientation {
    /// `bitmap` as stored, turned upright: a new bitmap (the same one for `.identity`), width and
    /// height exchanged where `swapsAxes`.
    public func upright(_ bitmap: Bitmap) -> Bitmap {
        guard self != .identity else { return bitmap }
        let (w, h) = (bitmap.width, bitmap.height)
        let (outWidth, outHeight) = swapsAxes ? (h, w) : (w, h)
        // The stored pixel of output (0, y), and the step between output pixels along a row.
        let step: Int
        let rowStart: (Int) -> Int
        switch self {
        case .identity: step = 1; rowStart = { $0 * w }
        case .flipHorizontal: step = -1; rowStart = { $0 * w + w - 1 }
        case .rotate180: step = -1; rowStart = { (h - 1 - $0) * w + w - 1 }
        case .flipVertical: step = 1; rowStart = { (h - 1 - $0) * w }
        case .transpose: step = w; rowStart = { $0 }
        case .rotate90: step = -w; rowStart = { $0 + (h - 1) * w }
        case .transverse: step = -w; rowStart = { w - 1 - $0 + (h - 1) * w }
        case .rotate270: step = w; rowStart = { w - 1 - $0 }
        }
        let count = w * h * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            bitmap.pixels.withUnsafeBytes { src in
                let dst = UnsafeMutableRawBufferPointer(out)
                var o = 0
                for y in 0..<outHeight {
                    var s = rowStart(y)
                    for _ in 0..<outWidth {
                        dst.storeBytes(of: src.loadUnaligned(fromByteOffset: s * 4, as: UInt32.self), toByteOffset: o, as: UInt32.self)
                        o += 4
                        s += step
                    }
                }
            }
            initialized = count
        }
        return Bitmap(width: outWidth, height: outHeight, pixels: pixels)
    }
}
