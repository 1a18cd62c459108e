/// Bounding boxes and part counts of what a layer draws, in its own bounds space.
enum LayerBounds {
    /// The box of everything the layer and its subtree draw (shadows, overflowing sublayers, contents
    /// outside the bounds), limited by masksToBounds and the mask; nil when it draws nothing.
    /// A shadow reaches `ShadowExtent.layerReach` (+1) past its shape, as far as either shadow path draws it.
    static func drawn(_ layer: Layer, includingMask: Bool = true) -> Rect? {
        guard !layer.isHidden, layer.opacity > 0 else { return nil }
        var box = body(layer)
        if layer.castsShadow, let shape = shadowShapeBounds(layer, body: box) {
            let reach = ShadowExtent.layerReach(sigma: layer.shadowRadius, alpha: layer.shadowOpacity * layer.shadowColor.alpha) + 1
            var s = shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height).insetBy(dx: -reach, dy: -reach)
            if layer.masksToBounds { guard let c = s.intersection(layer.bounds) else { return box }; s = c }
            box = box.map { $0.union(s) } ?? s
        }
        if includingMask, let mask = layer.mask {
            guard !mask.isHidden, mask.opacity > 0, let m = drawn(mask), let b = box else { return nil }
            return b.intersection(mask.transformToSuperlayer.boundingBox(of: m))
        }
        return box
    }

    /// The box of background, contents, sublayers and border (no own shadow).
    static func body(_ layer: Layer) -> Rect? {
        var box: Rect?
        func add(_ r: Rect?) {
            guard let r, r.width.isFinite, r.height.isFinite else { return }
            box = box.map { $0.union(r) } ?? r
        }
        let b = layer.bounds
        if !b.isEmpty && (layer.backgroundColor.alpha > 0 || (layer.borderWidth > 0 && layer.borderColor.alpha > 0)) { add(b) }
        var inner: Rect?
        if let image = layer.contents {
            let size = Size(layer.contentsRect.width * Double(image.width) / layer.contentsScale,
                            layer.contentsRect.height * Double(image.height) / layer.contentsScale)
            inner = ContentsLayout.gravityRect(layer.contentsGravity, content: size, bounds: b)
        } else if let content = layer.content {
            inner = contentBox(content, bounds: b)
        }
        for sub in layer.sublayers {
            guard let s = drawn(sub) else { continue }
            let r = sub.transformToSuperlayer.boundingBox(of: s)
            inner = inner.map { $0.union(r) } ?? r
        }
        if let i = inner {
            if layer.masksToBounds { add(i.intersection(b)) } else { add(i) }
        }
        return box
    }

    /// The box a text, gradient or shape content draws in, in the layer's bounds space: a gradient and text
    /// draw inside the bounds (text is cut there); a shape its path with
    /// the stroke's reach (not limited to the bounds).
    static func contentBox(_ content: LayerContent, bounds b: Rect) -> Rect? {
        switch content {
        case .gradient(let g): return g.colors.isEmpty || b.isEmpty ? nil : b
        case .text(let t): return t.isEmpty || b.isEmpty ? nil : b
        case .shape(let s):
            guard s.fillColor.alpha > 0 || s.strokeColor.alpha > 0 else { return nil }
            return ShapeRasterizer.deviceBounds(s, transform: .identity)
        }
    }

    static func shadowShapeBounds(_ layer: Layer, body: Rect?) -> Rect? {
        guard let path = layer.shadowPath else { return body }
        switch path {
        case .rect(let r), .ellipse(let r), .roundedRect(let r, _): return r
        case .svg: return path.bounds(transform: .identity)
        }
    }

    /// How many separately drawn parts a layer's subtree has, counting up to `limit`.
    static func partCount(_ layer: Layer, limit: Int) -> Int {
        var n = 0
        var stack: [Layer] = [layer]
        var first = true
        while let l = stack.popLast(), n < limit {
            defer { first = false }
            if !first && (l.isHidden || l.opacity <= 0) { continue }
            if l.mask != nil && !first { n += 1; continue }
            if l.castsShadow { n += 1 }
            if l.backgroundColor.alpha > 0 && !l.bounds.isEmpty { n += 1 }
            if l.contents != nil { n += l.contentsCenter == Rect(0, 0, 1, 1) ? 1 : 2 }
            if let s = l.shape { n += (s.fillColor.alpha > 0 ? 1 : 0) + (s.strokeColor.alpha > 0 ? 1 : 0) }
            else if l.content != nil { n += 1 }
            if l.borderWidth > 0 && l.borderColor.alpha > 0 && !l.bounds.isEmpty { n += 1 }
            stack.append(contentsOf: l.sublayers)
        }
        return n
    }
}
