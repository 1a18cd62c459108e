/// The pixels of a canvas that changed between two frames: a short list of disjoint pixel rects.
///
/// Boxes are snapped outward to whole pixels and clipped to the canvas; boxes that overlap are merged
/// into their bounding box until none overlap, then the pair whose merge adds the fewest pixels is merged
/// while there are more than `maxRects`. Drawing every rect once therefore touches no pixel twice.
public struct DamageRegion: Hashable, Sendable, CustomStringConvertible {
    /// Disjoint rects inside the canvas.
    public private(set) var rects: [PixelRect]
    /// Canvas size in pixels.
    public let width: Int
    public let height: Int
    /// The most rects a region keeps (more are merged).
    public static let maxRects = 32

    /// No damage.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height; rects = []
    }

    /// The whole canvas.
    public static func full(width: Int, height: Int) -> DamageRegion {
        var r = DamageRegion(width: width, height: height)
        if width > 0 && height > 0 { r.rects = [PixelRect(x: 0, y: 0, width: width, height: height)] }
        return r
    }

    /// The pixels touched by `boxes` (device-space rectangles), merged as described above.
    public init(boxes: [Rect], width: Int, height: Int, maxRects: Int = DamageRegion.maxRects) {
        self.init(width: width, height: height)
        let canvas = Rect(0, 0, Double(width), Double(height))
        var list: [PixelRect] = []
        for box in boxes {
            guard box.width.isFinite, box.height.isFinite, let r = box.intersection(canvas)?.integralOutset else { continue }
            let p = PixelRect(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
            if p.width > 0 && p.height > 0 { list.append(p) }
        }
        rects = DamageRegion.merged(list, maxRects: max(1, maxRects))
    }

    /// Adds another region's rects (same canvas size).
    public func union(_ other: DamageRegion) -> DamageRegion {
        var r = self
        r.rects = DamageRegion.merged(rects + other.rects, maxRects: DamageRegion.maxRects)
        return r
    }

    public var isEmpty: Bool { rects.isEmpty }
    /// Damaged pixels.
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    /// Damaged share of the canvas, 0…1.
    public var fraction: Double { width * height > 0 ? Double(area) / Double(width * height) : 0 }
    /// The smallest rect holding every damaged pixel; nil when nothing is damaged.
    public var bounds: PixelRect? {
        guard let f = rects.first else { return nil }
        return rects.dropFirst().reduce(f, DamageRegion.hull)
    }

    public var description: String { rects.isEmpty ? "no damage" : rects.map(\.description).joined(separator: " ∪ ") }

    static func hull(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.x + a.width, b.x + b.width) - x0, height: max(a.y + a.height, b.y + b.height) - y0)
    }

    static func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    static func merged(_ input: [PixelRect], maxRects: Int) -> [PixelRect] {
        var rects: [PixelRect] = []
        for var r in input {
            var i = 0
            while i < rects.count {
                if overlaps(rects[i], r) {
                    r = hull(r, rects.remove(at: i))
                    i = 0
                } else { i += 1 }
            }
            rects.append(r)
        }
        while rects.count > maxRects {
            var best = (0, 1, Int.max)
            for i in 0..<rects.count {
                for j in (i + 1)..<rects.count {
                    let cost = hull(rects[i], rects[j]).area - rects[i].area - rects[j].area
                    if cost < best.2 { best = (i, j, cost) }
                }
            }
            let h = hull(rects[best.0], rects[best.1])
            rects.remove(at: best.1)
            rects.remove(at: best.0)
            rects = merged(rects + [h], maxRects: Int.max)
        }
        return rects
    }

}
