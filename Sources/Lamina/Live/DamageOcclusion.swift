/// Damage boxes less the pixels that opaque fills drawn above their layer hide in one frame.
///
/// A box damaged because layer L changed is trimmed, in the frame it belongs to, to the smallest box of its
/// pixels that no opaque background drawn after L's whole subtree covers (`DrawCommand.forEachOpaqueCover`:
/// at canvas level, opacity 1 down the chain, no mask or rasterize cache on the way, an axis-aligned
/// transform, one pixel in from anti-aliased edges). Old boxes are trimmed in the old frame, new ones in
/// the new frame. Why nothing is lost: a pixel whose value changed has, in the old or the new frame, a
/// changed layer drawing there above the topmost cover of that pixel; that layer's box is not trimmed
/// there, since no cover above it reaches the pixel. Otherwise the topmost cover and everything above it
/// are unchanged layers, drawn alike in both frames.
struct DamageOcclusion {
    /// A box and the layer it belongs to: its indices in `sublayers`, from the root.
    struct Box {
        var rect: Rect
        var path: [Int]
    }

    /// The layers below a point of the tree that own boxes.
    private final class Node {
        /// By index among the sublayers, ascending (few: one per changed branch).
        var children: [(index: Int, node: Node)] = []
        var boxes: [Int] = []

        func child(_ index: Int) -> Node? {
            let p = position(of: index)
            return p < children.count && children[p].index == index ? children[p].node : nil
        }

        func addChild(_ index: Int) -> Node {
            let p = position(of: index)
            if p < children.count && children[p].index == index { return children[p].node }
            let next = Node()
            children.insert((index, next), at: p)
            return next
        }

        /// Where `index` is, or would be inserted, in `children`.
        private func position(of index: Int) -> Int {
            var lo = 0, hi = children.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if children[mid].index < index { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    private let boxes: [PixelRect]
    private var trimmed: [PixelRect?]
    private var resolved: [Bool]
    private var remaining: Int
    private var covers: [PixelRect] = []

    /// Boxes trimmed in one frame; more are kept whole (trimming costs boxes × covers, and a frame that
    /// damages that many layers is redrawn in a few large rects anyway).
    static let maxTrimmed = 256

    /// `boxes` trimmed in `scene` (in the same order; a box with nothing left is dropped, one not finite kept).
    static func trim(_ boxes: [Box], in scene: Scene) -> [Rect] {
        guard !boxes.isEmpty else { return [] }
        guard boxes.count <= maxTrimmed else { return boxes.map(\.rect) }
        var walk = DamageOcclusion(boxes.map { $0.rect })
        let root = Node()
        for (i, box) in boxes.enumerated() {
            var node = root
            for index in box.path { node = node.addChild(index) }
            node.boxes.append(i)
        }
        walk.visit(scene.root, parent: .scale(scene.scale, scene.scale), clip: .none, node: root, coversAllowed: true)
        return zip(boxes, walk.trimmed.indices).compactMap { box, i in
            walk.resolved[i] && walk.boxes[i].area > 0 ? walk.trimmed[i]?.rect : box.rect
        }
    }

    private init(_ rects: [Rect]) {
        boxes = rects.map { r in
            guard r.width.isFinite, r.height.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
            let o = r.integralOutset
            return PixelRect(x: Int(saturating: o.minX), y: Int(saturating: o.minY),
                             width: Int(saturating: o.width), height: Int(saturating: o.height))
        }
        trimmed = Array(repeating: nil, count: rects.count)
        resolved = Array(repeating: false, count: rects.count)
        remaining = rects.count
    }

    /// Walks `layer`'s subtree from the last drawn to the first, resolving the boxes of each layer on
    /// arrival (when the covers collected are exactly those drawn after its subtree) and collecting the
    /// covers of its backgrounds.
    private mutating func visit(_ layer: Layer, parent: AffineTransform, clip: Clip, node: Node?, coversAllowed: Bool) {
        guard remaining > 0, !layer.isHidden, layer.opacity > 0 else { return }
        if let node { for i in node.boxes { resolve(i) } }
        let transform = layer.transformToSuperlayer.concatenating(parent)
        if node == nil {
            guard coversAllowed, let local = SceneDamage.localExtent(of: layer),
                  reachesPending(transform.boundingBox(of: local)) else { return }
        }
        let covers = coversAllowed && DrawCommand.passesCovers(layer)
        let inner = layer.masksToBounds ? ClipBuilder.adding(layer.roundedBounds, transform: transform, to: clip) : clip
        let sublayers = layer.sublayers
        let index = sublayers.count >= SublayerIndex.minimumCount ? layer.sublayerIndex : nil
        let order = index.map(\.order) ?? RenderPlanner.drawingOrder(sublayers)
        for k in (index.flatMap { candidates($0, transform: transform, node: node, coversAllowed: covers) } ?? Array(sublayers.indices)).reversed() {
            let i = order?[k] ?? k
            visit(sublayers[i], parent: transform, clip: inner, node: node?.child(i), coversAllowed: covers)
            guard remaining > 0 else { return }
        }
        guard covers else { return }
        DrawCommand.forEachBackgroundCover(of: layer, transform: transform, clip: clip) { r in
            if boxes.contains(where: { r.intersection($0) != nil }) { self.covers.append(r) }
        }
    }

    /// The drawing positions of the sublayers of a layer of many that may own or reach a pending box
    /// (`SublayerIndex`); nil when every one must be visited (a layer not mapped to the canvas by scale and
    /// translation alone).
    private func candidates(_ index: SublayerIndex, transform: AffineTransform, node: Node?, coversAllowed: Bool) -> [Int]? {
        guard transform.isAxisAlignedScaleTranslate, let inverse = transform.inverted else { return nil }
        var queries: [Rect] = []
        if coversAllowed {
            for (i, b) in boxes.enumerated() where !resolved[i] {
                queries.append(inverse.boundingBox(of: Rect(Double(b.x - 1), Double(b.y - 1), Double(b.width + 2), Double(b.height + 2))))
            }
        }
        var found = queries.isEmpty ? [] : index.positions(meetingAny: queries)
        guard let node, !node.children.isEmpty else { return found }
        found += node.children.map { index.position?[$0.index] ?? $0.index }
        return Array(Set(found)).sorted()
    }

    /// Trims box `i` by the covers collected so far.
    private mutating func resolve(_ i: Int) {
        guard !resolved[i] else { return }
        resolved[i] = true
        remaining -= 1
        let box = boxes[i]
        guard box.width > 0, box.height > 0 else { return }
        var map = CoverMap(box)
        for c in covers { map.cover(c) }
        trimmed[i] = map.uncovered(in: box)
    }

    /// Whether `box` meets a box not yet resolved.
    private func reachesPending(_ box: Rect) -> Bool {
        guard box.width.isFinite, box.height.isFinite else { return true }
        for (i, b) in boxes.enumerated() where !resolved[i] {
            if box.maxX > Double(b.x), box.minX < Double(b.x + b.width), box.maxY > Double(b.y), box.minY < Double(b.y + b.height) { return true }
        }
        return false
    }
}
