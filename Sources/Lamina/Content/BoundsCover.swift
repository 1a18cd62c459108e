/// Where the bounds rectangle lands on the device: the pixels to draw (within the region), and whether it
/// covers them whole (an axis-aligned rectangle whose edges lie on pixel boundaries: coverage 1 inside).
struct BoundsCover {
    var pixels: PixelRect
    var isWholePixels: Bool

    init?(bounds: Rect, transform t: AffineTransform, region: PixelRect) {
        let box = t.boundingBox(of: bounds)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let whole = t.b == 0 && t.c == 0 && [box.minX, box.minY, box.maxX, box.maxY].allSatisfy { $0 == $0.rounded() }
        let x0 = max(region.x, Int(saturating: box.minX.rounded(.down)))
        let y0 = max(region.y, Int(saturating: box.minY.rounded(.down)))
        let x1 = min(region.x + region.width, Int(saturating: box.maxX.rounded(.up)))
        let y1 = min(region.y + region.height, Int(saturating: box.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        pixels = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        isWholePixels = whole
    }
}
