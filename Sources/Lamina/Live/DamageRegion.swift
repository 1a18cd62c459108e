/// The pixels of a canvas that changed between two frames: a short list of disjoint pixel rects.
///
/// Boxes are snapped outward to whole pixels and clipped to the canvas; boxes that overlap are merged
/// into their bounding box when that adds few pixels, and otherwise cut so that none overlap; then the merge
/// that adds the fewest pixels is made while there are more than `maxRects`. Drawing every rect once
/// therefore touches no pixel twice.
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

    /// This region with its rects merged down to at most `maxRects` (the same region when it has no more).
    public func merged(maxRects: Int) -> DamageRegion {
        guard rects.count > maxRects else { return self }
        var r = self
        r.rects = DamageRegion.merged(rects, maxRects: max(1, maxRects))
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

    /// Extra pixels a merge of two overlapping rects may add beyond their union and still be taken:
    /// this many, or a quarter of the union.
    static let mergeSlack = 4096

    /// Rects merged one pair at a time; more (given, or pieces after cutting overlaps) are first reduced
    /// to the boxes of a coarse grid (`DamageGrid`), so merging never costs more than a few of these.
    static let exactLimit = 64

    /// Disjoint rects covering `input`: two overlapping rects become their bounding box when that adds
    /// little (`mergeSlack`), other overlaps are cut away from the later rect; then, while there are more
    /// than `maxRects`, the merge that adds the fewest pixels (counting the rects its box swallows) is made.
    /// More than `exactLimit` rects (given, or after cutting) are first reduced by `DamageGrid`.
    static func merged(_ input: [PixelRect], maxRects: Int) -> [PixelRect] {
        var rects = input.count > exactLimit ? DamageGrid.hulls(of: input) : input
        var merging = true
        while merging {
            merging = false
            search: for i in rects.indices {
                for j in rects.indices where j > i && overlaps(rects[i], rects[j]) {
                    let h = hull(rects[i], rects[j]), union = rects[i].area + rects[j].area - overlap(rects[i], rects[j])
                    guard h.area - union <= max(mergeSlack, union / 4) else { continue }
                    rects[i] = h
                    rects.remove(at: j)
                    merging = true
                    break search
                }
            }
        }
        var disjoint: [PixelRect] = []
        for r in rects {
            var pieces = [r]
            for d in disjoint where overlaps(d, r) { pieces = pieces.flatMap { subtract(d, from: $0) } }
            disjoint += pieces
        }
        if disjoint.count > exactLimit { disjoint = DamageGrid.hulls(of: disjoint) }
        while disjoint.count > maxRects {
            var best = (rects: [PixelRect](), cost: Int.max)
            for i in 0..<disjoint.count {
                for j in (i + 1)..<disjoint.count {
                    var h = hull(disjoint[i], disjoint[j])
                    var kept = disjoint.indices.filter { $0 != i && $0 != j }.map { disjoint[$0] }
                    var covered = disjoint[i].area + disjoint[j].area
                    while let k = kept.firstIndex(where: { overlaps($0, h) }) {
                        covered += kept[k].area
                        h = hull(h, kept.remove(at: k))
                    }
                    let cost = h.area - covered
                    if cost < best.cost { best = (kept + [h], cost) }
                }
            }
            disjoint = best.rects
        }
        return disjoint
    }

    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Int {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x), h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// The parts of `r` outside `cut` (up to four rects).
    static func subtract(_ cut: PixelRect, from r: PixelRect) -> [PixelRect] {
        guard overlaps(cut, r) else { return [r] }
        var out: [PixelRect] = []
        let top = cut.y - r.y, bottom = (r.y + r.height) - (cut.y + cut.height)
        if top > 0 { out.append(PixelRect(x: r.x, y: r.y, width: r.width, height: top)) }
        if bottom > 0 { out.append(PixelRect(x: r.x, y: cut.y + cut.height, width: r.width, height: bottom)) }
        let y0 = max(r.y, cut.y), y1 = min(r.y + r.height, cut.y + cut.height)
        let left = cut.x - r.x, right = (r.x + r.width) - (cut.x + cut.width)
        if left > 0 { out.append(PixelRect(x: r.x, y: y0, width: left, height: y1 - y0)) }
        if right > 0 { out.append(PixelRect(x: cut.x + cut.width, y: y0, width: right, height: y1 - y0)) }
        return out
    }
}
