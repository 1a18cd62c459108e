/// The damage between two frames of scenes: old ∪ new visual extent of every layer that changed.
///
/// Layers of the two scenes are matched by their place in the tree (index among their siblings) and
/// their `name`. A layer whose own properties, mask or number of sublayers changed damages its whole
/// subtree's extent in both frames (shadow blur reach, shadow offset and border included), except a
/// repaint — only its background or border color changed, alphas kept — which damages its bounds
/// (`repaintBox`) when nothing below it changed. Layers sharing storage are not compared, others by their
/// own properties and then sublayer by sublayer, so the cost follows the layers copied or changed since
/// the last frame, never a whole subtree per level. A change
/// below a layer that draws its subtree as one surface — group opacity, a mask, shouldRasterize, a shadow
/// shaped by its content — damages that layer's whole extent, unless every change below is a repaint.
/// Extents are clipped by the canvas and by every masksToBounds ancestor.
public enum SceneDamage {
    /// Device pixels added around every extent for anti-aliased edges and rounding.
    static let edgeOutset = 2.0

    /// The region to redraw when `new` follows `old`; the whole canvas when there is no old frame or the
    /// canvas (size, scale, background, groupOpacity) changed.
    public static func between(_ old: Scene?, _ new: Scene, maxRects: Int = DamageRegion.maxRects) -> DamageRegion {
        let w = new.pixelWidth, h = new.pixelHeight
        guard let old, old.width == new.width, old.height == new.height, old.scale == new.scale,
              old.background == new.background, old.groupOpacity == new.groupOpacity else {
            return .full(width: w, height: h)
        }
        let canvas = Rect(0, 0, Double(w), Double(h))
        let boxes = (try? LargeStack.run(levels: max(old.root.depth, new.root.depth)) { () -> [Rect] in
            var found = Found()
            var path: [Int] = []
            compare(old.root, new.root, parent: .scale(new.scale, new.scale), clip: canvas, groupDefault: new.groupOpacity,
                    path: &path, into: &found)
            return DamageOcclusion.trim(found.old, in: old) + DamageOcclusion.trim(found.new, in: new)
        }) ?? [canvas]
        return DamageRegion(boxes: boxes, width: w, height: h, maxRects: maxRects)
    }

    /// The device-space box of everything `layer` and its subtree draw, below a superlayer mapped by
    /// `parent`, within `clip`; nil when it draws nothing there.
    public static func extent(of layer: Layer, parent: AffineTransform, clip: Rect) -> Rect? {
        extent(of: layer, transform: layer.transformToSuperlayer.concatenating(parent), clip: clip)
    }

    /// The same, for a layer whose bounds space `transform` maps to the canvas.
    static func extent(of layer: Layer, transform: AffineTransform, clip: Rect) -> Rect? {
        guard let local = localExtent(of: layer) else { return nil }
        let box = transform.boundingBox(of: local)
        guard box.width.isFinite, box.height.isFinite else { return clip }
        return box.insetBy(dx: -edgeOutset, dy: -edgeOutset).intersection(clip)
    }

    /// The box of everything `layer` and its subtree draw, in its bounds space (`LayerBounds.drawn`, shadows
    /// to `ShadowExtent.sigmas`, as far as backends draw them), kept with the layer until it changes; nil when it draws nothing.
    static func localExtent(of layer: Layer) -> Rect? {
        if let known = layer.knownDamageBox { return known }
        let local = LayerBounds.drawn(layer)
        layer.rememberDamageBox(local)
        return local
    }

    /// Whether a layer draws its subtree as one surface, so a change anywhere below changes all of it.
    static func isSurface(_ layer: Layer, groupDefault: Bool) -> Bool {
        isSurfaceBesidesShadow(layer, groupDefault: groupDefault) || followsContent(layer)
    }

    /// Whether it is a surface for another reason than a shadow that follows its content: rasterized,
    /// masked, or flattened for group opacity.
    static func isSurfaceBesidesShadow(_ layer: Layer, groupDefault: Bool) -> Bool {
        layer.shouldRasterize || layer.mask != nil || (layer.opacity < 1 && (layer.allowsGroupOpacity ?? groupDefault))
    }

    /// Whether its shadow follows its content (no `shadowPath`).
    static func followsContent(_ layer: Layer) -> Bool { layer.castsShadow && layer.shadowPath == nil }

    /// The shape of a shadow that follows content proven one opaque rounded rect (`SilhouetteProof`): the
    /// planner draws it in closed form from that shape alone, so changes inside leave it as it was while
    /// the shape stays. Nil otherwise.
    static func provenShadowShape(_ layer: Layer) -> RoundedRect? {
        followsContent(layer) ? SilhouetteProof.opaqueRoundedRect(layer, isShadowCaster: true) : nil
    }

    /// Whether a change below `new` (same own properties as `old`) changes all of it: `isSurface`, except
    /// for a shadow whose proven shape (`provenShadowShape`) is the same in both frames.
    static func changesWhole(_ old: Layer, _ new: Layer, groupDefault: Bool) -> Bool {
        if isSurfaceBesidesShadow(new, groupDefault: groupDefault) { return true }
        guard followsContent(new) else { return false }
        guard let shape = provenShadowShape(new) else { return true }
        return provenShadowShape(old) != shape
    }

    /// The layer without its sublayers and mask: what "its own properties" compare.
    static func shallow(_ layer: Layer) -> Layer {
        var l = layer
        l.sublayers = []
        l.mask = nil
        return l
    }

    /// The boxes of a comparison, each with the frame it belongs to.
    struct Found {
        var old: [DamageOcclusion.Box] = []
        var new: [DamageOcclusion.Box] = []
        /// While comparing below a surface: only repaints (`repaintBox`) may be found; any other change
        /// sets `failed` and the surface is damaged whole.
        var repaintsOnly = false
        var failed = false

        /// Damages two layers whole at `path`: `a`'s extent in the old frame, `b`'s in the new one (a failure
        /// while only repaints may be found).
        mutating func addWhole(_ a: Layer, _ b: Layer, parent: AffineTransform, clip: Rect, path: [Int]) {
            guard !repaintsOnly else { return failed = true }
            if let e = extent(of: a, parent: parent, clip: clip) { old.append(.init(rect: e, path: path)) }
            if let e = extent(of: b, parent: parent, clip: clip) { new.append(.init(rect: e, path: path)) }
        }
    }

    /// Compares two layers at one place of the trees: layers of one storage are the same subtree; others
    /// are compared by their own properties, then sublayer by sublayer, so the cost follows what changed
    /// (and what was copied), never a whole subtree per level.
    static func compare(_ old: Layer, _ new: Layer, parent: AffineTransform, clip: Rect, groupDefault: Bool,
                        path: inout [Int], into found: inout Found) {
        if old.sharesStorage(with: new) || found.failed { return }
        func damage(_ a: Layer, _ b: Layer, parent: AffineTransform, clip: Rect) {
            found.addWhole(a, b, parent: parent, clip: clip, path: path)
        }
        guard old.mask == new.mask, old.sublayers.count == new.sublayers.count else { return damage(old, new, parent: parent, clip: clip) }
        if !old.hasSameOwnProperties(as: new) {
            guard let box = repaintBox(old, new, parent: parent, clip: clip) else { return damage(old, new, parent: parent, clip: clip) }
            if !sharesSublayers(old, new) {
                var below = Found(repaintsOnly: true)
                compareSublayers(old, new, parent: parent, clip: clip, groupDefault: groupDefault, path: &path, into: &below)
                guard !below.failed, below.old.isEmpty, below.new.isEmpty else { return damage(old, new, parent: parent, clip: clip) }
            }
            if let box { found.old.append(.init(rect: box, path: path)); found.new.append(.init(rect: box, path: path)) }
            return
        }
        if new.isHidden || new.opacity <= 0 { return }
        if changesWhole(old, new, groupDefault: groupDefault) {
            guard !new.shouldRasterize else { return damage(old, new, parent: parent, clip: clip) }
            var below = Found(repaintsOnly: true)
            compareSublayers(old, new, parent: parent, clip: clip, groupDefault: groupDefault, path: &path, into: &below)
            guard !below.failed else { return damage(old, new, parent: parent, clip: clip) }
            found.old += below.old
            found.new += below.new
            return
        }
        compareSublayers(old, new, parent: parent, clip: clip, groupDefault: groupDefault, path: &path, into: &found)
    }

    /// Whether every sublayer of `new` is its counterpart in `old` (the same storage, so nothing below changed).
    static func sharesSublayers(_ old: Layer, _ new: Layer) -> Bool {
        old.sublayers.count == new.sublayers.count && zip(old.sublayers, new.sublayers).allSatisfy { $0.sharesStorage(with: $1) }
    }

    /// Compares the sublayers of two layers whose own properties and mask are the same.
    private static func compareSublayers(_ old: Layer, _ new: Layer, parent: AffineTransform, clip: Rect, groupDefault: Bool,
                                         path: inout [Int], into found: inout Found) {
        let transform = new.transformToSuperlayer.concatenating(parent)
        var inner = clip
        if new.masksToBounds {
            guard let c = transform.boundingBox(of: new.bounds).insetBy(dx: -edgeOutset, dy: -edgeOutset).intersection(clip) else { return }
            inner = c
        }
        new.inheritSublayerIndex(from: old)
        for (i, (a, b)) in zip(old.sublayers, new.sublayers).enumerated() where !a.sharesStorage(with: b) {
            path.append(i)
            defer { path.removeLast() }
            if a.name != b.name {
                found.addWhole(a, b, parent: transform, clip: inner, path: path)
            } else {
                compare(a, b, parent: transform, clip: inner, groupDefault: groupDefault, path: &path, into: &found)
            }
            if found.failed { return }
        }
    }

    /// For a layer whose own change is a repaint — only `backgroundColor` and `borderColor` differ, each
    /// keeping its alpha — the device box of its bounds (nil inside: it draws nothing); nil for any other change.
    ///
    /// A background and a border paint inside the bounds. With their alphas kept, the layer's content
    /// alpha is the same pixel for pixel, so a shadow that follows the content, a group's decision to
    /// flatten (`LayerBounds.partCount`) and every opaque cover stay as they were; a group or
    /// mask around the layer (composited pixel for pixel) then differs only where the bounds are. Shadows,
    /// borders reaching past the bounds and sublayers overflowing them are not redrawn. Not a repaint in or
    /// under a rasterized layer: its bitmap is drawn back through a filter (at `rasterizationScale`, under any
    /// transform) that carries a change past the bounds.
    static func repaintBox(_ old: Layer, _ new: Layer, parent: AffineTransform, clip: Rect) -> Rect?? {
        guard !new.shouldRasterize, repaints(old.backgroundColor, new.backgroundColor), repaints(old.borderColor, new.borderColor) else { return nil }
        var repainted = shallow(old)
        repainted.backgroundColor = new.backgroundColor
        repainted.borderColor = new.borderColor
        guard repainted == shallow(new) else { return nil }
        return .some(boundsBox(of: new, parent: parent, clip: clip))
    }

    /// Whether changing `old` to `new` repaints the layer only (see `repaintBox`).
    static func repaints(_ old: Color, _ new: Color) -> Bool { old.alpha == new.alpha }

    /// The device box of a layer's bounds (its background and border) with the edge outset, within `clip`;
    /// nil when it draws nothing there.
    static func boundsBox(of layer: Layer, parent: AffineTransform, clip: Rect) -> Rect? {
        guard !layer.isHidden, layer.opacity > 0 else { return nil }
        let box = layer.transformToSuperlayer.concatenating(parent).boundingBox(of: layer.bounds)
        guard box.width.isFinite, box.height.isFinite else { return clip }
        return box.insetBy(dx: -edgeOutset, dy: -edgeOutset).intersection(clip)
    }
}
