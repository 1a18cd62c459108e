extension Bitmap {
    /// Copies the pixels of `rect` (the part inside this bitmap) from `source`, premultiplied RGBA8 rows of
    /// `rowLength` pixels whose first pixel is this bitmap's pixel (`originX`, `originY`).
    public mutating func copy(_ rect: PixelRect, from source: UnsafeBufferPointer<UInt8>, rowLength: Int,
                              originX: Int = 0, originY: Int = 0) {
        let x0 = max(rect.x, 0, originX), y0 = max(rect.y, 0, originY)
        let x1 = min(rect.x + rect.width, width, originX + rowLength)
        let y1 = min(rect.y + rect.height, height, originY + source.count / max(rowLength * 4, 1))
        guard x0 < x1, y0 < y1 else { return }
        let bytes = (x1 - x0) * 4
        let w = width
        pixels.withUnsafeMutableBufferPointer { target in
            for y in y0..<y1 {
                let from = ((y - originY) * rowLength + (x0 - originX)) * 4
                let to = (y * w + x0) * 4
                UnsafeMutableRawPointer(target.baseAddress! + to).copyMemory(from: source.baseAddress! + from, byteCount: bytes)
            }
        }
    }

    /// Copies the pixels of `rect` from `other`, whose pixel (0, 0) is this bitmap's (the part of `rect`
    /// inside both).
    public mutating func copy(_ rect: PixelRect, from other: Bitmap) {
        other.pixels.withUnsafeBufferPointer { copy(rect, from: $0, rowLength: other.width) }
    }
}
