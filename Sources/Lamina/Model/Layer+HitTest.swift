/// Hit testing and coordinate conversion on a tree of layer values (`CALayer.hitTest(_:)`,
/// `contains(_:)`, `convert(_:from:)`, `convert(_:to:)`). A value does not know its superlayer, so layers
/// below this one are named by index paths: the sublayer indices from this layer down (`[]` is this layer).
///
/// The rules, Core Animation's where it has one:
/// - a hidden layer and its subtree are skipped; a layer of opacity 0 is hit (as `CALayer`, unlike `UIView`);
/// - sublayers are tried front-most first: the reverse of the drawing order (by zPosition, equal ones in
///   array order), and a sublayer's hit wins over its superlayer;
/// - a point outside a `masksToBounds` layer's rounded bounds hits nothing of its subtree;
/// - `contains(_:)` is the rounded bounds (corner radius, masked corners and corner curve as drawn);
/// - masks are not hit and do not limit hits (as in Core Animation); a layer whose transform cannot be
///   inverted (a zero scale) is skipped with its subtree.
extension Layer {
    /// Whether `point`, in this layer's bounds space, lies in its bounds: minimum edges in, maximum edges
    /// out (as `CGRect.contains`), and not in a corner the corner radius cuts off.
    public func contains(_ point: Point) -> Bool {
        let b = bounds
        guard b.width > 0, b.height > 0, point.x >= b.minX, point.x < b.maxX, point.y >= b.minY, point.y < b.maxY else {
            return false
        }
        let shape = roundedBounds
        return shape.isRect || shape.signedDistance(to: point) <= 0
    }

    /// The deepest visible layer of this subtree at `point`, given in this layer's superlayer's space (the
    /// canvas for a scene's root), as the index path of sublayer indices from this layer; nil when the point
    /// hits nothing. Walks without recursion (trees may be `Limits.maxDepth` deep).
    public func hitTest(_ point: Point) -> [Int]? {
        guard let first = HitFrame(entering: self, at: point) else { return nil }
        var stack = [first]
        var path: [Int] = []
        while let top = stack.last {
            if top.remaining > 0 {
                let i = top.candidates?[top.candidates!.count - top.remaining] ?? top.order?[top.remaining - 1] ?? top.remaining - 1
                stack[stack.count - 1].remaining -= 1
                if let child = HitFrame(entering: top.layer.sublayers[i], at: top.point) {
                    stack.append(child)
                    path.append(i)
                }
                continue
            }
            stack.removeLast()
            if top.layer.contains(top.point) { return path }
            if !path.isEmpty { path.removeLast() }
        }
        return nil
    }

    /// The layer at `path` below this one (`[]`: this layer); nil when an index is out of range.
    public func sublayer(at path: [Int]) -> Layer? {
        var layer = self
        for i in path {
            guard layer.sublayers.indices.contains(i) else { return nil }
            layer = layer.sublayers[i]
        }
        return layer
    }

    /// The transform from the bounds space of the layer at `path` into this layer's bounds space (through
    /// each level's position, anchor point, bounds origin and transform); nil when the path is out of range.
    public func transform(fromSublayerAt path: [Int]) -> AffineTransform? {
        var layer = self
        var levels: [AffineTransform] = []
        levels.reserveCapacity(path.count)
        for i in path {
            guard layer.sublayers.indices.contains(i) else { return nil }
            layer = layer.sublayers[i]
            levels.append(layer.transformToSuperlayer)
        }
        return levels.reversed().reduce(.identity) { $0.concatenating($1) }
    }

    /// `point` in the bounds space of the layer at `source` converted to that of the layer at `destination`
    /// (both paths from this layer); nil when a path is out of range or the destination's transform cannot
    /// be inverted.
    public func convert(_ point: Point, from source: [Int], to destination: [Int]) -> Point? {
        guard let t = transform(from: source, to: destination) else { return nil }
        return t.apply(point)
    }

    /// The box of `rect` (in the bounds space of the layer at `source`) in that of the layer at `destination`:
    /// the bounding box of its transformed corners, as `CALayer.convert(_:from:)` for rects.
    public func convert(_ rect: Rect, from source: [Int], to destination: [Int]) -> Rect? {
        guard let t = transform(from: source, to: destination) else { return nil }
        return t.boundingBox(of: rect)
    }

    private func transform(from source: [Int], to destination: [Int]) -> AffineTransform? {
        guard let up = transform(fromSublayerAt: source), let down = transform(fromSublayerAt: destination)?.inverted else {
            return nil
        }
        return up.concatenating(down)
    }
}

/// One level of a hit test: a visible layer, the point in its bounds space, its sublayers' drawing order
/// (nil: the array's) or, for a layer of many sublayers, the few whose hit box holds the point (front-most
/// first, `HitIndex`), and how many of them are still to try.
private struct HitFrame {
    let layer: Layer
    let point: Point
    let order: [Int]?
    let candidates: [Int]?
    var remaining: Int

    /// Nil when the layer is hidden, its transform cannot be inverted, or it clips and the point is outside.
    init?(entering layer: Layer, at superPoint: Point) {
        guard !layer.isHidden, let inverse = layer.transformToSuperlayer.inverted else { return nil }
        let local = inverse.apply(superPoint)
        if layer.masksToBounds && !layer.contains(local) { return nil }
        self.layer = layer
        point = local
        let subs = layer.sublayers
        if subs.count >= SublayerIndex.minimumCount {
            let found = layer.hitIndex.candidates(at: local)
            candidates = found
            order = nil
            remaining = found.count
        } else {
            candidates = nil
            order = RenderPlanner.drawingOrder(subs)
            remaining = subs.count
        }
    }
}
