/// Where a layer's many sublayers can be hit, in its bounds space: each visible sublayer's hit box (the
/// bounding box of its bounds and, unless it masks to them, of its visible descendants', through every
/// transform) in a `SublayerGrid`, so `hitTest` tries only the sublayers whose box holds the point instead
/// of inverting every sublayer's transform. Made on first use for a layer of `SublayerIndex.minimumCount`
/// sublayers or more and kept while the layer is unchanged (`Layer.hitIndex`).
struct HitIndex: Sendable {
    /// Drawing position → index in `sublayers` (nil: the same).
    let order: [Int]?
    private let boxes: [Rect?]
    /// Positions tried on every query (a box that is not finite), ascending.
    private let unplaced: [Int]
    private let grid: SublayerGrid

    init(_ layer: Layer) {
        let subs = layer.sublayers
        let order = RenderPlanner.drawingOrder(subs)
        var boxes = [Rect?](repeating: nil, count: subs.count)
        var unplaced: [Int] = []
        for k in subs.indices {
            let s = subs[order?[k] ?? k]
            guard !s.isHidden, let extent = HitIndex.extent(of: s) else { continue }
            let box = s.transformToSuperlayer.boundingBox(of: extent)
            if [box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite) { boxes[k] = box } else { unplaced.append(k) }
        }
        self.order = order
        self.boxes = boxes
        self.unplaced = unplaced
        grid = SublayerGrid(count: boxes.count) { boxes[$0] }
    }

    /// The sublayer indices to try at `point` (in the layer's bounds space), front-most first.
    func candidates(at point: Point) -> [Int] {
        var found = unplaced
        grid.collect(meeting: Rect(point.x, point.y, 0, 0), box: { boxes[$0] }, into: &found)
        return Set(found).sorted(by: >).map { order?[$0] ?? $0 }
    }

    /// The box, in `layer`'s bounds space, holding every point that can hit it or a visible descendant: its
    /// bounds, and unless it masks to them, its visible sublayers' extents through their transforms. Walks
    /// without recursion; nil for a hidden layer.
    static func extent(of layer: Layer) -> Rect? {
        guard !layer.isHidden else { return nil }
        var stack: [(layer: Layer, next: Int, box: Rect)] = [(layer, 0, layer.bounds)]
        while true {
            let top = stack[stack.count - 1]
            if !top.layer.masksToBounds, top.next < top.layer.sublayers.count {
                stack[stack.count - 1].next += 1
                let child = top.layer.sublayers[top.next]
                if !child.isHidden { stack.append((child, 0, child.bounds)) }
                continue
            }
            stack.removeLast()
            guard let parent = stack.indices.last else { return top.box }
            let mapped = top.layer.transformToSuperlayer.boundingBox(of: top.box)
            if [mapped.minX, mapped.minY, mapped.maxX, mapped.maxY].allSatisfy(\.isFinite) {
                stack[parent].box = stack[parent].box.union(mapped)
            }
        }
    }
}
