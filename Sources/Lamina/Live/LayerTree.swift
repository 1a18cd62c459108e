/// A retained layer tree: the canvas, a root `LiveLayer`, and what changed since the last frame.
///
/// Changes to layers are recorded as they happen (each changed layer's extent before the change); a
/// frame (`nextFrame()`) adds their extents after it and hands out the scene with that damage.
/// Transactions in the spirit of `CATransaction`: between `begin()` and the matching `commit()`, frames
/// keep showing the last committed state, and everything changed inside appears together in the frame
/// after the commit. Without an open transaction every frame commits implicitly.
///
/// Threading rule: one tree, one thread (or actor). The tree and its layers are not `Sendable`; only
/// the `Scene` values it hands out cross threads.
public final class LayerTree {
    /// Canvas size in points, pixels per point, background and the default of `allowsGroupOpacity`;
    /// changing any of them redraws the whole canvas.
    public var width: Double { didSet { if width != oldValue { fullDamage = true } } }
    public var height: Double { didSet { if height != oldValue { fullDamage = true } } }
    public var scale: Double { didSet { if scale != oldValue { fullDamage = true } } }
    public var background: Color { didSet { if background != oldValue { fullDamage = true } } }
    public var groupOpacity: Bool { didSet { if groupOpacity != oldValue { fullDamage = true } } }
    public let root: LiveLayer

    /// Extents before changes: those whose layer's place in the committed scene is known are trimmed there
    /// (`DamageOcclusion`); the others are kept whole.
    private var oldBoxes: [Rect] = []
    private var oldPlacedBoxes: [DamageOcclusion.Box] = []
    /// Whether a layer was added or removed since the last commit (places in the tree then no longer match
    /// the committed scene's).
    private var structureChanged = false
    private var dirty: [ObjectIdentifier: LiveLayer] = [:]
    /// Ancestors with a content-shaped shadow that a change below did not widen to, because their content
    /// was proven one opaque rounded rect (`SilhouetteProof`): the shape and extent before the change. The
    /// frame checks that the shape is still the same; if not, the whole ancestor is damaged.
    private var watchedShadows: [ObjectIdentifier: (layer: LiveLayer, shape: RoundedRect, extent: Rect?)] = [:]
    private var fullDamage = true
    private var transactionDepth = 0
    /// The settings and completion of each open transaction, outermost first.
    var transactionStack: [TransactionState] = []
    /// Layers with animations added through `LiveLayer.add(_:forKey:)`, whose starts and ends frames watch.
    var watchedAnimations: [ObjectIdentifier: LiveLayer] = [:]
    /// Callbacks due, run by `deliverAnimationEvents()`.
    var pendingEvents: [() -> Void] = []
    /// The time of the latest `nextFrame(at:)`: the tree's time when it has no clock.
    var lastFrameTime = 0.0
    /// Whether setting an animatable property of a layer animates it from its presentation value over the
    /// transaction's duration, as a standalone `CALayer` does. Off by default: a tree's layers behave as
    /// UIKit's view-backing layers, whose changes outside an animation block take effect at once.
    public var implicitAnimations = false
    /// The committed state: the scene of the latest frame handed out by `nextFrame()`.
    public private(set) var committedScene: Scene
    private var committedDamage: DamageRegion
    /// The presentation of the last frame handed out by `nextFrame(at:)`.
    private var lastPresented: Scene?
    private var lastHadAnimations = false
    /// Where `IncrementalRenderer.render(_:)` reads the time of a frame; nil: the model (no animations).
    public var clock: FrameClock?

    /// A tree holding `scene` (every layer becomes a `LiveLayer`); its first frame is drawn whole.
    public init(scene: Scene) {
        width = scene.width; height = scene.height; scale = scene.scale
        background = scene.background; groupOpacity = scene.groupOpacity
        root = LiveLayer(scene.root)
        committedScene = scene
        committedDamage = .full(width: scene.pixelWidth, height: scene.pixelHeight)
        root.ownerTree = self
        fullDamage = false
    }

    /// Whether a change waits for the next frame (layers changed, added or removed, or the canvas).
    public var hasChanges: Bool { fullDamage || !oldBoxes.isEmpty || !oldPlacedBoxes.isEmpty || !dirty.isEmpty || !watchedShadows.isEmpty }

    /// The tree's current state (committed or not) as a scene value.
    public var scene: Scene {
        Scene(width: width, height: height, scale: scale, background: background, groupOpacity: groupOpacity, root: root.snapshot())
    }

    /// Opens a transaction (they nest); frames show the last committed state until the outermost commit.
    /// As `CATransaction`: the implicit animations of changes made inside take `animationDuration` and
    /// `timingFunction` (nil: the enclosing transaction's, else 0.25 s and the default curve), none with
    /// `disableActions`; `completion` runs once the transaction has committed and every animation added
    /// inside it has stopped (delivered as the animations' callbacks are, `deliverAnimationEvents()`).
    public func begin(animationDuration: Double? = nil, timingFunction: TimingFunction? = nil, disableActions: Bool? = nil,
                      completion: (() -> Void)? = nil) {
        transactionDepth += 1
        let duration = animationDuration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        transactionStack.append(TransactionState(animationDuration: duration, timingFunction: timingFunction,
                                                 disableActions: disableActions, completion: TransactionCompletion(completion)))
    }

    /// Closes a transaction; the outermost commit makes its changes visible to the next frame.
    public func commit() {
        guard transactionDepth > 0 else { return }
        transactionDepth -= 1
        if let state = transactionStack.popLast() {
            state.completion.committed = true
            queueIfDue(state.completion)
        }
        if transactionDepth == 0 { flush() }
    }

    /// The scene to draw now and the pixels that changed since the previous frame handed out (commits
    /// implicitly when no transaction is open).
    public func nextFrame() -> (scene: Scene, damage: DamageRegion) {
        if transactionDepth == 0 { flush() }
        let frame = (committedScene, committedDamage)
        committedDamage = DamageRegion(width: committedScene.pixelWidth, height: committedScene.pixelHeight)
        return frame
    }

    /// The presentation of the next frame at `time` seconds (every animation sampled, see
    /// `Scene.presentation(at:)`) and the pixels that changed since the previous presented frame. While
    /// layers animate, the damage is found by comparing the two presentations; otherwise it is the
    /// damage recorded by the changes.
    public func nextFrame(at time: Double) -> (scene: Scene, damage: DamageRegion) {
        lastFrameTime = time
        advanceAnimations(to: time)
        let model = nextFrame()
        let full = DamageRegion.full(width: model.scene.pixelWidth, height: model.scene.pixelHeight)
        let sampled = try? LargeStack.run(levels: model.scene.root.depth) { () -> (animating: Bool, presented: Scene) in
            (model.scene.hasAnimations, model.scene.presentation(at: time))
        }
        let (animating, presented) = sampled ?? (false, model.scene)
        defer { lastPresented = presented; lastHadAnimations = animating }
        guard let last = lastPresented, sampled != nil else { return (presented, full) }
        guard animating || lastHadAnimations else { return (presented, model.damage) }
        return (presented, SceneDamage.between(last, presented).union(model.damage))
    }

    private func flush() {
        let next = scene
        if fullDamage || next.pixelWidth != committedScene.pixelWidth || next.pixelHeight != committedScene.pixelHeight {
            committedDamage = .full(width: next.pixelWidth, height: next.pixelHeight)
        } else if hasChanges {
            var boxes = oldBoxes
            var placed: [DamageOcclusion.Box] = []
            for layer in dirty.values where layer.tree === self {
                let s = surface(of: layer, .proven)
                guard let e = extent(of: s) else { continue }
                if let path = sublayerPath(of: s) { placed.append(.init(rect: e, path: path)) } else { boxes.append(e) }
            }
            let old = (committedScene, oldPlacedBoxes)
            boxes += (try? LargeStack.run(levels: max(old.0.root.depth, next.root.depth)) {
                DamageOcclusion.trim(old.1, in: old.0) + DamageOcclusion.trim(placed, in: next)
            }) ?? (old.1 + placed).map(\.rect)
            for watched in watchedShadows.values where LayerTree.provenSilhouette(of: watched.layer) != watched.shape {
                boxes += [watched.extent, watched.layer.tree === self ? extent(of: watched.layer) : nil].compactMap { $0 }
            }
            committedDamage = committedDamage.union(DamageRegion(boxes: boxes, width: next.pixelWidth, height: next.pixelHeight))
        }
        committedScene = next
        oldBoxes.removeAll()
        oldPlacedBoxes.removeAll()
        structureChanged = false
        dirty.removeAll()
        watchedShadows.removeAll()
        fullDamage = false
    }

    // MARK: Change records (called by LiveLayer before a change takes effect)

    /// Starts watching an ancestor whose shadow follows a content proven one rounded rect (see
    /// `watchedShadows`), before a change below it.
    func watchShadow(of layer: LiveLayer, shape: RoundedRect) {
        guard watchedShadows[ObjectIdentifier(layer)] == nil else { return }
        watchedShadows[ObjectIdentifier(layer)] = (layer, shape, extent(of: layer))
    }

    /// The rounded rect a layer's content is proven to be, when its shadow follows its content.
    static func provenSilhouette(of layer: LiveLayer) -> RoundedRect? {
        SceneDamage.followsContent(layer.properties) ? SceneDamage.provenShadowShape(layer.snapshot()) : nil
    }

    func willChange(_ layer: LiveLayer) {
        let s = surface(of: layer, .watch)
        guard dirty[ObjectIdentifier(s)] == nil else { return }
        dirty[ObjectIdentifier(s)] = s
        if let e = extent(of: s) { recordOld(e, of: s) }
    }

    /// Records a repaint of `layer` (see `SceneDamage.repaintBox`): the box of its bounds, unless the layer is
    /// already marked changed (its whole extent is then redrawn); in or under a rasterized layer, a change.
    func willRepaint(_ layer: LiveLayer) {
        var l: LiveLayer? = layer
        while let x = l {
            if x.properties.shouldRasterize { return willChange(layer) }
            l = x.superlayer ?? x.maskedLayer
        }
        guard dirty[ObjectIdentifier(layer)] == nil, let box = boundsBox(of: layer) else { return }
        recordOld(box, of: layer)
    }

    /// Keeps an extent from before a change, placed (to be trimmed in the committed scene) while the tree's
    /// structure is still the committed one.
    private func recordOld(_ extent: Rect, of layer: LiveLayer) {
        if !structureChanged, let path = sublayerPath(of: layer) {
            oldPlacedBoxes.append(.init(rect: extent, path: path))
        } else {
            oldBoxes.append(extent)
        }
    }

    func didInsert(_ layer: LiveLayer) {
        structureChanged = true
        let s = surface(of: layer, .whole)
        if s === layer { dirty[ObjectIdentifier(s)] = s } else { willChange(s) }
    }

    func willRemove(_ layer: LiveLayer) {
        let s = surface(of: layer, .whole)
        if s === layer, dirty[ObjectIdentifier(s)] == nil, let e = extent(of: s) { recordOld(e, of: s) }
        if s !== layer { willChange(s) }
        structureChanged = true
    }
}
