/// Many damage rects reduced to a few: the canvas part they span is cut into a grid of at most
/// `columns` × `rows` cells, and each cell keeps the bounding box of the parts of the rects inside it.
/// The boxes are disjoint (cells do not overlap) and hold every pixel of the rects; the cost is linear in
/// the rects and the cells each one touches, so a frame that damages thousands of layers stays cheap.
struct DamageGrid {
    static let columns = 8
    static let rows = 8

    /// The cell boxes of `rects` (each non-empty), row by row.
    static func hulls(of rects: [PixelRect]) -> [PixelRect] {
        guard var x0 = rects.first?.x, var y0 = rects.first?.y else { return [] }
        var x1 = x0, y1 = y0
        for r in rects {
            x0 = min(x0, r.x); y0 = min(y0, r.y)
            x1 = max(x1, r.x + r.width); y1 = max(y1, r.y + r.height)
        }
        let cellWidth = max(1, (x1 - x0 + columns - 1) / columns), cellHeight = max(1, (y1 - y0 + rows - 1) / rows)
        var boxes = [(x0: Int, y0: Int, x1: Int, y1: Int)?](repeating: nil, count: columns * rows)
        for r in rects where r.width > 0 && r.height > 0 {
            let c0 = (r.x - x0) / cellWidth, c1 = (r.x + r.width - 1 - x0) / cellWidth
            let k0 = (r.y - y0) / cellHeight, k1 = (r.y + r.height - 1 - y0) / cellHeight
            for k in k0...k1 {
                let top = max(r.y, y0 + k * cellHeight), bottom = min(r.y + r.height, y0 + (k + 1) * cellHeight)
                for c in c0...c1 {
                    let left = max(r.x, x0 + c * cellWidth), right = min(r.x + r.width, x0 + (c + 1) * cellWidth)
                    let i = k * columns + c
                    if let b = boxes[i] {
                        boxes[i] = (min(b.x0, left), min(b.y0, top), max(b.x1, right), max(b.y1, bottom))
                    } else {
                        boxes[i] = (left, top, right, bottom)
                    }
                }
            }
        }
        return boxes.compactMap { b in b.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0, height: $0.y1 - $0.y0) } }
    }
}
