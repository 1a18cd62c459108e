/// A layer of a retained `LayerTree`: a reference with a stable identity, CALayer's properties under
/// CALayer's names (`layer.position`, `layer.opacity`, … — every property of `Layer`) and its tree
/// operations (`addSublayer`, `insertSublayer(_:at:)`, `removeFromSuperlayer`, `mask`).
///
/// Every change marks the layer for the next frame of its tree: the frame redraws the layer's old and
/// new extent (widened to the enclosing group, mask or rasterized surface). Threading rule: a tree and
/// all its layers belong to one thread (or one actor); nothing here is safe to touch from two at once.
@dynamicMemberLookup
public final class LiveLayer {
    /// The layer's own properties; `sublayers` and `mask` of this value stay empty (the tree holds them).
    public internal(set) var properties: Layer { didSet { forgetSnapshot() } }
    /// The key of each of `properties.animations` (nil: added without a key).
    var animationKeyList: [String?] = []
    /// The callbacks and transactions of each of `properties.animations` added through `add(_:forKey:)`.
    var animationTickets: [AnimationTicket?] = []
    /// What setting an animatable property does, by key path name ("opacity", "position", …), when the
    /// tree animates changes (`LayerTree.implicitAnimations`): a missing key takes the transaction's
    /// basic animation, `.disabled` none (CALayer's `actions`).
    public var actions: [String: LayerAction] = [:]
    public private(set) var sublayers: [LiveLayer] = [] { didSet { forgetSnapshot() } }
    public private(set) weak var superlayer: LiveLayer?
    /// Where this layer is in its superlayer's `sublayers` (kept by insertions and removals there).
    private var indexInSuperlayer = 0
    /// The layer whose mask this is.
    public private(set) weak var maskedLayer: LiveLayer?
    /// The tree this layer is drawn in (set on the root, found through the superlayers).
    weak var ownerTree: LayerTree?
    /// The last `snapshot()`, while nothing in the subtree changed.
    private var snapshotCache: Layer?
    /// The snapshot before the last change, while no new one is made: the new one takes over what it
    /// measured of unchanged sublayers (`Layer.inheritSublayerIndex`).
    private var earlierSnapshot: Layer?
    /// The presentation last hit-tested: the model snapshot it was sampled from, its time, and the values
    /// (kept so that the queries of one frame sample the tree once and share its `HitIndex`).
    var hitTestedPresentation: (model: Layer, time: Double, values: Layer)?

    public init(name: String? = nil) { properties = Layer(name: name) }

    /// A layer with the properties of `layer` (its sublayers and mask become `LiveLayer`s too), made
    /// without recursion: trees may be `Limits.maxDepth` deep.
    public convenience init(_ layer: Layer) {
        self.init()
        var pending: [(live: LiveLayer, layer: Layer)] = [(self, layer)]
        while let (live, value) = pending.popLast() {
            var own = value
            own.sublayers = []
            own.mask = nil
            live.properties = own
            live.animationKeyList = Array(repeating: nil, count: own.animations.count)
            var children: [LiveLayer] = []
            children.reserveCapacity(value.sublayers.count)
            for sub in value.sublayers {
                let child = LiveLayer()
                child.superlayer = live
                child.indexInSuperlayer = children.count
                children.append(child)
                pending.append((child, sub))
            }
            live.sublayers = children
            if let m = value.mask {
                let child = LiveLayer()
                live.mask = child
                pending.append((child, m))
            }
        }
    }

    /// Reads and writes one of CALayer's properties (see `Layer`); a write marks the layer changed.
    public subscript<T: Equatable>(dynamicMember keyPath: WritableKeyPath<Layer, T>) -> T {
        get { properties[keyPath: keyPath] }
        set {
            guard properties[keyPath: keyPath] != newValue else { return }
            let tree = self.tree
            let implicit = tree.flatMap { implicitAnimation(keyPath, in: $0) }
            if let tree {
                if LiveLayer.repaints(keyPath, from: properties[keyPath: keyPath], to: newValue) { tree.willRepaint(self) } else { tree.willChange(self) }
            }
            properties[keyPath: keyPath] = newValue
            if let (animation, key) = implicit { try? add(animation, forKey: key) }
        }
    }

    /// Whether a change of one property only repaints the layer: its background or border color, alpha kept.
    private static func repaints<T>(_ keyPath: WritableKeyPath<Layer, T>, from old: T, to new: T) -> Bool {
        guard keyPath == \Layer.backgroundColor || keyPath == \Layer.borderColor,
              let a = old as? Color, let b = new as? Color else { return false }
        return SceneDamage.repaints(a, b)
    }

    /// The mask layer (only its alpha matters), laid out in this layer's bounds space.
    public var mask: LiveLayer? {
        didSet {
            guard oldValue !== mask else { return }
            forgetSnapshot()
            oldValue?.maskedLayer = nil
            if let m = mask {
                if m.superlayer != nil || m.maskedLayer != nil { m.removeFromSuperlayer() }
                m.maskedLayer = self
            }
        }
        willSet { if newValue !== mask { tree?.willChange(self) } }
    }

    /// CALayer's frame setter: bounds size and position through the anchor point.
    public func setFrame(_ frame: Rect) {
        var p = properties
        p.setFrame(frame)
        self.bounds = p.bounds
        self.position = p.position
    }

    /// Appends `layer` to the sublayers (removing it from where it was first).
    public func addSublayer(_ layer: LiveLayer) { insertSublayer(layer, at: sublayers.count) }

    /// Inserts `layer` among the sublayers at `index` (clamped to 0…count), removing it from where it was.
    public func insertSublayer(_ layer: LiveLayer, at index: Int) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        attach(layer, at: max(0, min(index, sublayers.count)))
        tree?.didInsert(layer)
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        if let owner = maskedLayer {
            owner.mask = nil
            return
        }
        guard let parent = superlayer, let i = indexInSuperlayer(of: parent) else { return }
        parent.tree?.willRemove(self)
        parent.sublayers.remove(at: i)
        parent.renumberSublayers(from: i)
        superlayer = nil
    }

    private func attach(_ layer: LiveLayer, at index: Int) {
        sublayers.insert(layer, at: index)
        layer.superlayer = self
        renumberSublayers(from: index)
    }

    private func renumberSublayers(from start: Int) {
        for i in start..<sublayers.count { sublayers[i].indexInSuperlayer = i }
    }

    /// This layer's index in `parent.sublayers`; nil when it is not one of them.
    func indexInSuperlayer(of parent: LiveLayer) -> Int? {
        let i = indexInSuperlayer
        if i < parent.sublayers.count && parent.sublayers[i] === self { return i }
        return parent.sublayers.firstIndex { $0 === self }
    }

    /// The tree this layer belongs to, if any.
    public var tree: LayerTree? {
        var l: LiveLayer? = self
        while let x = l {
            if let t = x.ownerTree { return t }
            l = x.superlayer ?? x.maskedLayer
        }
        return nil
    }

    /// This layer and its subtree as a `Layer` value. The value is kept until the layer or a layer below
    /// it changes, so the snapshots of unchanged subtrees share their storage from frame to frame (and
    /// compare equal at once).
    public func snapshot() -> Layer {
        if let snapshotCache { return snapshotCache }
        var stack: [(layer: LiveLayer, next: Int)] = [(self, 0)]
        while let (layer, next) = stack.last {
            if next < layer.sublayers.count + (layer.mask == nil ? 0 : 1) {
                stack[stack.count - 1].next += 1
                let child = next < layer.sublayers.count ? layer.sublayers[next] : layer.mask
                if let child, child.snapshotCache == nil { stack.append((child, 0)) }
                continue
            }
            stack.removeLast()
            layer.snapshotFromSublayers()
        }
        return snapshotCache ?? properties
    }

    /// Makes this layer's snapshot from its own properties and the kept snapshots of its sublayers and mask.
    private func snapshotFromSublayers() {
        var l = properties
        l.sublayers = sublayers.map { $0.snapshotCache ?? $0.snapshot() }
        l.mask = mask.map { $0.snapshotCache ?? $0.snapshot() }
        if let earlierSnapshot { l.inheritSublayerIndex(from: earlierSnapshot) }
        earlierSnapshot = nil
        snapshotCache = l
    }

    /// Drops the kept snapshot of this layer and of the layers above it. A layer without one has none
    /// above it either (a snapshot is made from its subtree's), so the walk stops there.
    private func forgetSnapshot() {
        var l: LiveLayer? = self
        while let x = l, x.snapshotCache != nil {
            x.earlierSnapshot = x.snapshotCache
            x.snapshotCache = nil
            l = x.superlayer ?? x.maskedLayer
        }
    }
}
