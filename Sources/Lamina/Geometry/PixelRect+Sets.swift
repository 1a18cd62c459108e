extension PixelRect {
    /// The pixels in both rects; nil when they share none.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Whether every pixel of `other` is in this rect.
    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The whole pixels touched by `r` (rounded outwards); nil when `r` is not finite or empty.
    public init?(enclosing r: Rect) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let x0 = Int(saturating: r.minX.rounded(.down)), y0 = Int(saturating: r.minY.rounded(.down))
        let x1 = Int(saturating: r.maxX.rounded(.up)), y1 = Int(saturating: r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
